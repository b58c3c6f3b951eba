import { STAFF_API_BASE } from "../../lib/staff-api";
import { endStaffSession, SESSION_ENDED_NOTICE, staffToken } from "../../lib/staff-session";
import { rangeQuery, type ReportRange } from "./report-range";

export type CsvReport = "daily" | "providers" | "games";

/**
 * GET /reports/{report}.csv, saved under the server's file name. The download needs the bearer token,
 * so it is fetched and handed to the browser as a blob rather than opened as a link.
 */
export async function downloadReportCsv(report: CsvReport, range: ReportRange): Promise<string> {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(rangeQuery(range))) if (value) params.set(key, value);
  const response = await fetch(`${STAFF_API_BASE}/reports/${report}.csv?${params}`, {
    headers: { authorization: `Bearer ${staffToken() ?? ""}` },
  });
  if (response.status === 401) {
    endStaffSession(SESSION_ENDED_NOTICE);
    throw new Error(SESSION_ENDED_NOTICE);
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { payload?: { message?: string } } | null;
    throw new Error(body?.payload?.message ?? `The export failed (HTTP ${response.status}).`);
  }
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? `${report}.csv`;
  const href = URL.createObjectURL(await response.blob());
  const link = document.createElement("a");
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 1000);
  return name;
}
