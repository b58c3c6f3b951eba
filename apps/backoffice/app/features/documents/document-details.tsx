import type { StaffDocument } from "@croupier/contract/backoffice/documents";
import { Link } from "react-router";
import { formatDateTime } from "../../lib/format-date-time";
import { DOCUMENT_STATUS_LABELS, DOCUMENT_TYPE_LABELS, formatBytes } from "./document-labels";

/** What is known about a document, and the comments the player reads. */
export function DocumentDetails({ document, showPlayer }: { document: StaffDocument; showPlayer: boolean }) {
  return (
    <div className="space-y-4 text-sm">
      <dl className="grid grid-cols-[9rem_1fr] gap-x-4 gap-y-2">
        {showPlayer ? (
          <>
            <dt className="text-slate-500">Player</dt>
            <dd>
              <Link to={`/players/${document.player_guid}?tab=documents`} className="text-indigo-700 hover:underline">
                {document.player_name ? `${document.player_name} · ` : ""}
                {document.player_email}
              </Link>
            </dd>
          </>
        ) : null}
        <dt className="text-slate-500">Type</dt>
        <dd>{DOCUMENT_TYPE_LABELS[document.type]}</dd>
        <dt className="text-slate-500">Status</dt>
        <dd>{DOCUMENT_STATUS_LABELS[document.status]}</dd>
        <dt className="text-slate-500">Uploaded</dt>
        <dd>{formatDateTime(document.created_at)}</dd>
        <dt className="text-slate-500">File</dt>
        <dd className="break-all">
          {document.original_filename} ({document.content_type}, {formatBytes(document.size_bytes)})
        </dd>
        <dt className="text-slate-500">Decided</dt>
        <dd>{document.reviewed_at ? formatDateTime(document.reviewed_at) : "—"}</dd>
      </dl>
      {document.comments.length > 0 ? (
        <section aria-label="Comments to the player" className="space-y-1">
          <h3 className="font-semibold text-slate-900">Comments to the player</h3>
          <ol className="space-y-1">
            {document.comments.map((c) => (
              <li key={c.guid}>
                <span className="text-slate-500">{formatDateTime(c.created_at)}</span> — {c.comment}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
    </div>
  );
}
