import { useMutation, useQueryClient } from "@tanstack/react-query";
import { staffDocument, type StaffDocument } from "@croupier/contract/backoffice/documents";
import { staffApi } from "../../lib/staff-api";
import { DOCUMENTS_KEY } from "./list-document-queue";

export type DocumentDecision = { id: string; action: "approve"; comment?: string } | { id: string; action: "reject"; reason: string };

/** POST /documents/:id/approve {comment?} or /reject {reason}: the comment reaches the player. */
export async function decideDocument(decision: DocumentDecision): Promise<StaffDocument> {
  const url = `/documents/${encodeURIComponent(decision.id)}/${decision.action}`;
  const body = decision.action === "reject" ? { reason: decision.reason } : decision.comment ? { comment: decision.comment } : {};
  return (await staffApi().post(url, { body, schema: staffDocument })).payload;
}

/** Decide; the queue and the player's documents reload either way (a CONFLICT means someone else decided). */
export function useDecideDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: decideDocument,
    onSettled: () => queryClient.invalidateQueries({ queryKey: DOCUMENTS_KEY }),
  });
}
