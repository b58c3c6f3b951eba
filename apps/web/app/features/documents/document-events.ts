import type { Document, DocumentStatusChangedPayload } from "@croupier/contract/entities/documents";
import type { QueryClient } from "@tanstack/react-query";
import type { DocumentGroupId } from "./verification-state";

// The documents' cache keys and the realtime handler, apart from the page's code: the realtime
// bridge (loaded on every page) imports only this.

export const documentsRootKey = ["documents"] as const;
export const documentsKey = (userId: string | null) => [...documentsRootKey, userId] as const;

/**
 * The list and where the player stands. The server sends is_verified and `missing` (the operator's
 * required groups still without an approved document) in the list's metadata; a server that does
 * not is read as not verified, with the missing groups worked out from the default required set.
 */
export type DocumentsView = { documents: Document[]; is_verified: boolean; missing: readonly DocumentGroupId[] };

/**
 * A reviewer's decision (realtime document_status_changed): the list is fetched again, since the
 * event carries the status and comment but not the document's comment thread.
 */
export function applyDocumentStatusEvent(
  queryClient: QueryClient,
  userId: string | null,
  event: DocumentStatusChangedPayload,
): void {
  queryClient.setQueryData<DocumentsView>(documentsKey(userId), (view) =>
    view
      ? {
          ...view,
          is_verified: event.is_verified,
          documents: view.documents.map((document) =>
            document.guid === event.document_guid
              ? { ...document, status: event.status, comment: event.comment }
              : document,
          ),
        }
      : view,
  );
  void queryClient.invalidateQueries({ queryKey: documentsKey(userId) });
}
