import type {
  DeleteDocumentBody,
  Document,
  DocumentsListBody,
  DocumentStatusChangedPayload,
  DocumentType,
} from "@croupier/contract/entities/documents";
import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import type { Api } from "../../lib/api-get";
import { useApi } from "../../lib/browser-api";

// The player's KYC documents (issue #16, seed 001): POST /documents (the list, "sent as POST with a
// body filter"), DELETE /documents/document (document_type, only while pending); the upload is
// upload-document.ts (XMLHttpRequest, for its progress). Types only from the contract: its schemas
// carry zod, which this page does not need.

/** The contract's DOCUMENT_TYPES, in the page's order (not imported: that module carries zod). */
export const DOCUMENT_TYPE_ORDER = [
  "passport",
  "national_id",
  "driving_licence",
  "proof_of_address",
  "payment_method",
  "selfie",
] as const satisfies readonly DocumentType[];

/** Every document a player can have is one per type and a few rejected ones; one page holds them all. */
export const DOCUMENTS_PAGE_SIZE = 100;

export const documentsRootKey = ["documents"] as const;
export const documentsKey = (userId: string | null) => [...documentsRootKey, userId] as const;

export async function fetchDocuments(api: Api, signal?: AbortSignal): Promise<Document[]> {
  const body: DocumentsListBody = { page: 1, per_page: DOCUMENTS_PAGE_SIZE };
  return (await api.client.post<Document[]>("/api/v1/documents", { body, signal })).payload;
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

/**
 * A reviewer's decision (realtime document_status_changed): the list is fetched again, since the
 * event carries the status and comment but not the document's comment thread.
 */
export function applyDocumentStatusEvent(
  queryClient: QueryClient,
  userId: string | null,
  event: DocumentStatusChangedPayload,
): void {
  queryClient.setQueryData<Document[]>(documentsKey(userId), (documents) =>
    documents?.map((document) =>
      document.guid === event.document_guid ? { ...document, status: event.status, comment: event.comment } : document,
    ),
  );
  void queryClient.invalidateQueries({ queryKey: documentsKey(userId) });
}
