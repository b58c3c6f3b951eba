import { queryOptions, useQuery } from "@tanstack/react-query";
import type { SessionLog } from "@croupier/contract/entities/session";
import { useAuth } from "../../lib/use-auth";
import { playerApi } from "../../lib/player-api";

const SESSIONS_PER_PAGE = 50;

/** POST /sessions: the player's own session logs, newest first. */
export async function fetchSessionLogs(signal?: AbortSignal): Promise<SessionLog[]> {
  const { payload } = await playerApi().post<SessionLog[]>("/api/v1/sessions", { body: { page: 1, per_page: SESSIONS_PER_PAGE }, signal });
  return payload;
}

export const sessionLogsQueryOptions = (userId: string | null) =>
  queryOptions({ queryKey: ["identity", "sessions", userId], queryFn: ({ signal }) => fetchSessionLogs(signal), enabled: userId !== null });

export function useSessionLogs() {
  const { authenticated, userId } = useAuth();
  return useQuery(sessionLogsQueryOptions(authenticated ? userId : null));
}
