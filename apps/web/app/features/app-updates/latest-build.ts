/** builds/latest.json as the web build writes it (apps/web/app-build.ts). */
export type LatestBuild = { id: string; timestamp: number; version: string };

export const LATEST_BUILD_PATH = "/builds/latest.json";
const BUILD_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * GET /builds/latest.json, past every cache (the server also sends no-cache). Null when it cannot be
 * read or is not a build manifest: a failed poll is not a new build.
 */
export async function fetchLatestBuild(signal?: AbortSignal): Promise<LatestBuild | null> {
  try {
    const response = await fetch(LATEST_BUILD_PATH, { cache: "no-store", credentials: "omit", signal });
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<LatestBuild> | null;
    if (!body || typeof body.id !== "string" || !BUILD_ID.test(body.id)) return null;
    return { id: body.id, timestamp: Number(body.timestamp) || 0, version: String(body.version ?? "") };
  } catch {
    return null;
  }
}
