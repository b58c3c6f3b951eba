import { queryOptions, useQuery } from "@tanstack/react-query";
import { playerDocuments, type PlayerDocuments } from "@croupier/contract/backoffice/documents";
import { staffApi } from "../../lib/staff-api";
import { DOCUMENTS_KEY } from "./list-document-queue";

/** GET /players/:id/documents: the player's documents and where their verification stands. */
export async function listPlayerDocuments(playerId: string, signal?: AbortSignal): Promise<PlayerDocuments> {
  return (await staffApi().get(`/players/${encodeURIComponent(playerId)}/documents`, { signal, schema: playerDocuments })).payload;
}

export const playerDocumentsQueryOptions = (playerId: string) =>
  queryOptions({ queryKey: [...DOCUMENTS_KEY, "player", playerId], queryFn: ({ signal }) => listPlayerDocuments(playerId, signal) });

export const usePlayerDocuments = (playerId: string) => useQuery(playerDocumentsQueryOptions(playerId));
