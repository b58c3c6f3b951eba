import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo } from "react";
import { STAFF_API_BASE } from "../../lib/staff-api";
import { endStaffSession, SESSION_ENDED_NOTICE, staffToken } from "../../lib/staff-session";
import { DOCUMENTS_KEY } from "./list-document-queue";

/**
 * GET /documents/:id/file with the staff bearer, as a Blob. The file is never linked by address: it is
 * an attachment behind the staff token, so the viewer shows it from an object URL of the fetched bytes.
 */
export async function loadDocumentFile(id: string, signal?: AbortSignal): Promise<Blob> {
  const token = staffToken();
  const response = await fetch(`${STAFF_API_BASE}/documents/${encodeURIComponent(id)}/file`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal,
  });
  if (response.status === 401) {
    endStaffSession(SESSION_ENDED_NOTICE);
    throw new Error(SESSION_ENDED_NOTICE);
  }
  if (!response.ok) throw new Error(response.status === 404 ? "The file is no longer there." : "The file could not be loaded.");
  return response.blob();
}

/** The document's bytes as an object URL (revoked when the viewer goes away), and the query's state. */
export function useDocumentFile(id: string) {
  const file = useQuery({
    queryKey: [...DOCUMENTS_KEY, "file", id],
    queryFn: ({ signal }) => loadDocumentFile(id, signal),
    // Identity documents stay in memory only while on screen.
    gcTime: 0,
    staleTime: Infinity,
  });
  const url = useMemo(() => (file.data ? URL.createObjectURL(file.data) : null), [file.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { ...file, url };
}
