import type {
  DeleteDocumentBody,
  Document,
  DocumentsListBody,
  DocumentType,
} from "@croupier/contract/entities/documents";
import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Api } from "../../lib/api-get";
import { useApi } from "../../lib/browser-api";
import { documentsKey, type DocumentsView } from "./document-events";
import { isGroupId, missingGroups, type DocumentGroupId } from "./verification-state";

// The player's KYC documents (issue #16, seed 001): POST /documents (the list, "sent as POST with a
// body filter"), DELETE /documents/document (document_type, only while pending); the upload is
// upload-document.ts (XMLHttpRequest, for its progress). Types only from the contract: its schemas
// carry zod, which this page does not need.

/** Every document a player can have is one per type and a few rejected ones; one page holds them all. */
export const DOCUMENTS_PAGE_SIZE = 100;

type ListMetadata = { is_verified?: boolean; missing?: string[] };

export async function fetchDocuments(api: Api, signal?: AbortSignal): Promise<DocumentsView> {
  const body: DocumentsListBody = { page: 1, per_page: DOCUMENTS_PAGE_SIZE };
  const { payload, metadata } = await api.client.post<Document[], ListMetadata>("/api/v1/documents", { body, signal });
  const missing = Array.isArray(metadata.missing)
    ? metadata.missing.filter((group): group is DocumentGroupId => isGroupId(group))
    : missingGroups(payload).map((group) => group.id);
  return { documents: payload, is_verified: metadata.is_verified === true, missing };
}

export async function deleteDocument(api: Api, documentType: DocumentType): Promise<void> {
  const body: DeleteDocumentBody = { document_type: documentType };
  await api.client.delete("/api/v1/documents/document", { body });
}

export const documentsQueryOptions = (api: Api, userId: string | null) =>
  queryOptions({
    queryKey: documentsKey(userId),
    queryFn: ({ signal }) => fetchDocuments(api, signal),
    enabled: userId !== null,
    staleTime: 30_000,
  });

export function useDocuments(userId: string | null) {
  return useQuery(documentsQueryOptions(useApi(), userId));
}
