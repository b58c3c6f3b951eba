import type { Document, DocumentType } from "@croupier/contract/entities/documents";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useRef, useState } from "react";
import { toastSuccess } from "../../lib/toasts";
import { documentsRootKey } from "./document-events";
import { DOCUMENT_TYPE_LABELS } from "./verification-state";
import { precheckFile, uploadFileName } from "./file-checks";
import { isAbortError, uploadDocument, UploadError } from "./upload-document";

export type UploadState =
  | { phase: "idle"; notice: string | null }
  | { phase: "uploading"; fileName: string; percent: number }
  | { phase: "failed"; fileName: string; message: string };

export const CANCELLED_NOTICE = "Upload cancelled. Nothing was sent for review.";

/**
 * One upload at a time for a document type: the pre-checks, the XMLHttpRequest with its progress,
 * cancel, and the list fetched again once the server has stored the file. A refusal (the server's
 * or the pre-check's) keeps its message on screen until the next file is chosen.
 */
export function useDocumentUpload(documentType: DocumentType, onUploaded?: (document: Document) => void) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<UploadState>({ phase: "idle", notice: null });
  const controller = useRef<AbortController | null>(null);

  // Leaving the page (or closing the panel) stops an upload nobody is watching.
  useEffect(() => () => controller.current?.abort(), []);

  const start = useCallback(
    async (file: File) => {
      if (controller.current) return;
      const fileName = uploadFileName(file.name);
      const refused = precheckFile(file);
      if (refused) {
        setState({ phase: "failed", fileName, message: refused });
        return;
      }
      const abort = new AbortController();
      controller.current = abort;
      setState({ phase: "uploading", fileName, percent: 0 });
      try {
        const document = await uploadDocument<Document>({
          documentType,
          file,
          fileName,
          signal: abort.signal,
          onProgress: ({ loaded_bytes, total_bytes }) => {
            // The request carries the form's fields too, so loaded can exceed the file's own size.
            const percent = total_bytes > 0 ? Math.min(100, Math.floor((loaded_bytes / total_bytes) * 100)) : 0;
            setState((current) => (current.phase === "uploading" ? { ...current, percent } : current));
          },
        });
        setState({ phase: "idle", notice: null });
        toastSuccess(`${DOCUMENT_TYPE_LABELS[documentType]} uploaded. We will review it shortly.`);
        onUploaded?.(document);
      } catch (error) {
        if (isAbortError(error)) {
          setState({ phase: "idle", notice: CANCELLED_NOTICE });
          return;
        }
        const message = error instanceof UploadError ? error.message : "The upload failed. Please try again.";
        setState({ phase: "failed", fileName, message });
      } finally {
        if (controller.current === abort) controller.current = null;
        // Whatever happened, the list shows what the server has now (an upload cancelled at 100% may have landed).
        void queryClient.invalidateQueries({ queryKey: documentsRootKey });
      }
    },
    [documentType, onUploaded, queryClient],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);

  return { state, start, cancel };
}
