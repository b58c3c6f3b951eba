import type { StaffDocument } from "@croupier/contract/backoffice/documents";
import { Button } from "../../components/button";
import { ErrorState, Skeleton } from "../../components/states";
import { useDocumentFile } from "./load-document-file";

/**
 * The document itself: an image as <img>, a PDF in a sandboxed iframe (no scripts, no same origin, no
 * forms: whatever the server's check missed cannot act), both from an object URL of the fetched bytes.
 */
export function DocumentViewer({ document }: { document: StaffDocument }) {
  const file = useDocumentFile(document.id);
  if (file.isPending)
    return (
      <div role="status" aria-label="Loading the document">
        <Skeleton className="h-96 w-full" />
      </div>
    );
  if (file.isError || !file.url) return <ErrorState error={file.error} title="The document could not be shown." onRetry={() => void file.refetch()} />;
  return (
    <figure className="space-y-2">
      {document.content_type === "application/pdf" ? (
        <iframe
          title={`Document ${document.original_filename}`}
          src={file.url}
          sandbox=""
          className="h-[32rem] w-full rounded border border-slate-200"
        />
      ) : (
        <img
          src={file.url}
          alt={`Document ${document.original_filename}`}
          className="max-h-[32rem] w-full rounded border border-slate-200 bg-slate-50 object-contain"
        />
      )}
      <figcaption className="flex justify-end">
        <Button variant="ghost" onClick={() => window.open(file.url!, "_blank", "noopener")}>
          Open in a new tab
        </Button>
      </figcaption>
    </figure>
  );
}
