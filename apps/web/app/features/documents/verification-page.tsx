import type { Document } from "@croupier/contract/entities/documents";
import type { RealtimeClient } from "@croupier/contract/realtime-client";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { Icon } from "../../components/icons";
import { cx } from "../../lib/cx";
import { toastError } from "../../lib/toasts";
import { documentsKey } from "./document-events";
import { useDocuments } from "./documents-api";
import { DeleteDocumentButton } from "./delete-document-button";
import { downloadDocument } from "./download-document";
import { formatFileSize } from "./file-checks";
import { UploadPanel } from "./upload-panel";
import {
  DOCUMENT_GROUPS,
  DOCUMENT_TYPE_LABELS,
  documentSlot,
  groupStatus,
  slotActions,
  STATUS_LABELS,
  type DocumentGroup,
  type DocumentGroupId,
  type DocumentSlot,
  type SlotStatus,
} from "./verification-state";

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short" });
const formatDate = (iso: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
};

const BADGE: Record<SlotStatus, string> = {
  not_uploaded: "border-ink-500 bg-ink-700 text-mist-300",
  pending: "border-gold-500/40 bg-gold-500/10 text-gold-300",
  approved: "border-felt-400/40 bg-felt-600/15 text-felt-400",
  rejected: "border-ruby-500/40 bg-ruby-500/10 text-ruby-400",
};

export function DocumentStatusBadge({ status }: { status: SlotStatus }) {
  return (
    <span
      data-testid="document-status"
      data-status={status}
      className={cx(
        "inline-flex items-center gap-1.5 rounded-full border px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap",
        BADGE[status],
      )}
    >
      {status === "pending" ? <span aria-hidden className="size-1.5 animate-pulse rounded-full bg-current" /> : null}
      {STATUS_LABELS[status]}
    </span>
  );
}

/**
 * /account/user-info/verification: per document type its status and the reviewer's comments, the
 * player's verification state (the server's is_verified and missing groups), upload, delete while pending, re-upload
 * after a rejection. Review decisions arrive over realtime (the bridge updates the cached list);
 * whatever was decided while the socket was down is fetched again when it reconnects.
 */
export function VerificationPage({ userId, realtime }: { userId: string | null; realtime: RealtimeClient | null }) {
  const query = useDocuments(userId);
  const queryClient = useQueryClient();
  const [openType, setOpenType] = useState<DocumentSlot["type"] | null>(null);

  useEffect(() => {
    if (!realtime) return;
    return realtime.onReconnect(() => void queryClient.invalidateQueries({ queryKey: documentsKey(userId) }));
  }, [realtime, userId, queryClient]);

  if (query.isPending) return <VerificationSkeleton />;
  if (query.isError) {
    return (
      <div role="alert" className="card flex flex-wrap items-center justify-between gap-3 p-5 text-sm text-mist-300">
        Your documents could not be loaded.
        <button type="button" className="btn-ghost" onClick={() => void query.refetch()}>
          Try again
        </button>
      </div>
    );
  }

  const { documents, is_verified, missing } = query.data;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <VerificationSummary documents={documents} isVerified={is_verified} missing={missing} />
      {DOCUMENT_GROUPS.map((group) => (
        <GroupCard
          key={group.id}
          group={group}
          documents={documents}
          needed={missing.includes(group.id)}
          openType={openType}
          onOpen={setOpenType}
        />
      ))}
      <p className="text-xs text-mist-400">
        Your files are encrypted and seen only by our compliance team. Read the{" "}
        <Link to="/kyc-procedure" className="font-semibold text-gold-400 hover:underline">
          KYC procedure
        </Link>{" "}
        for what we accept and why.
      </p>
    </div>
  );
}

function VerificationSummary({
  documents,
  isVerified,
  missing: missingIds,
}: {
  documents: readonly Document[];
  isVerified: boolean;
  missing: readonly DocumentGroupId[];
}) {
  const missing = DOCUMENT_GROUPS.filter((group) => missingIds.includes(group.id));
  const pending = documents.filter((document) => document.status === "pending").length;
  if (isVerified) {
    return (
      <section
        aria-labelledby="verification-state"
        data-testid="verification-state"
        data-verified="true"
        className="flex gap-4 rounded-2xl border border-felt-400/40 bg-felt-600/10 p-5"
      >
        <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-felt-600/20 text-felt-400">
          <Icon name="shield" width={22} height={22} />
        </span>
        <div>
          <h2 id="verification-state" className="font-semibold text-white">
            Verified
          </h2>
          <p className="mt-1 text-sm text-mist-300">
            Your identity is verified. Withdrawals are not held for identity checks.
          </p>
        </div>
      </section>
    );
  }
  return (
    <section
      aria-labelledby="verification-state"
      data-testid="verification-state"
      data-verified="false"
      className="flex gap-4 rounded-2xl border border-ink-600 bg-ink-850 p-5"
    >
      <span className="grid size-10 shrink-0 place-items-center rounded-xl bg-ink-700 text-gold-400">
        <Icon name="user" width={22} height={22} />
      </span>
      <div className="min-w-0">
        <h2 id="verification-state" className="font-semibold text-white">
          Not verified yet
        </h2>
        <p className="mt-1 text-sm text-mist-300">
          The law requires us to confirm who you are. Withdrawals wait until your identity is verified, so upload these
          documents before you ask for your first one.
        </p>
        {missing.length > 0 ? (
          <p className="mt-2 text-sm text-mist-300">
            Still needed:{" "}
            <span className="font-semibold text-mist-100">{missing.map((group) => group.title).join(", ")}</span>.
          </p>
        ) : null}
        {pending > 0 ? (
          <p className="mt-2 text-sm text-gold-300">
            {pending === 1 ? "One document is" : `${pending} documents are`} waiting for review. This page updates as
            soon as we decide.
          </p>
        ) : null}
      </div>
    </section>
  );
}

function GroupCard({
  group,
  documents,
  needed,
  openType,
  onOpen,
}: {
  group: DocumentGroup;
  documents: readonly Document[];
  needed: boolean;
  openType: DocumentSlot["type"] | null;
  onOpen: (type: DocumentSlot["type"] | null) => void;
}) {
  const slots = group.types.map((type) => documentSlot(documents, type));
  const status = groupStatus(slots);
  const headingId = `document-group-${group.id}`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid="document-group"
      data-group={group.id}
      data-status={status}
      className="card p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold text-white">
            {group.title}
            {needed ? (
              <span className="ml-2 align-middle text-xs font-medium text-gold-300">Needed to verify you</span>
            ) : null}
          </h2>
          <p className="mt-1 text-sm text-mist-400">{group.description}</p>
        </div>
        {slots.length > 1 ? <DocumentStatusBadge status={status} /> : null}
      </div>
      <ul className="mt-4 divide-y divide-ink-700">
        {slots.map((slot) => (
          <SlotRow key={slot.type} slot={slot} open={openType === slot.type} onOpen={onOpen} />
        ))}
      </ul>
    </section>
  );
}

function SlotRow({
  slot,
  open,
  onOpen,
}: {
  slot: DocumentSlot;
  open: boolean;
  onOpen: (type: DocumentSlot["type"] | null) => void;
}) {
  const actions = slotActions(slot.status);
  const label = DOCUMENT_TYPE_LABELS[slot.type];
  return (
    <li
      data-testid="document-slot"
      data-type={slot.type}
      data-status={slot.status}
      className="py-3 first:pt-0 last:pb-0"
    >
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold text-white">{label}</p>
          {slot.latest ? (
            <p className="truncate text-xs text-mist-400">
              {slot.latest.original_filename} · {formatFileSize(slot.latest.size_bytes)} · sent{" "}
              <time dateTime={slot.latest.created_at}>{formatDate(slot.latest.created_at)}</time>
            </p>
          ) : null}
        </div>
        <DocumentStatusBadge status={slot.status} />
        <div className="flex gap-2">
          {actions.upload && !open ? (
            <button
              type="button"
              className={actions.upload === "reupload" ? "btn-primary h-9" : "btn-ghost h-9"}
              aria-label={`${actions.upload === "reupload" ? "Upload again" : "Upload"}: ${label}`}
              onClick={() => onOpen(slot.type)}
            >
              {actions.upload === "reupload" ? "Upload again" : "Upload"}
            </button>
          ) : null}
          {slot.latest ? (
            <DownloadButton guid={slot.latest.guid} fileName={slot.latest.original_filename} label={label} />
          ) : null}
          {actions.remove && slot.latest ? (
            <DeleteDocumentButton documentType={slot.type} fileName={slot.latest.original_filename} />
          ) : null}
        </div>
      </div>
      {slot.comments.length > 0 ? (
        <ul aria-label={`Reviewer comments: ${label}`} className="mt-2 space-y-1.5">
          {slot.comments.map((comment) => (
            <li
              key={comment.guid}
              data-testid="document-comment"
              className={cx(
                "rounded-lg border-l-2 bg-ink-900 px-3 py-2 text-sm text-mist-100",
                comment.document_status === "rejected" ? "border-ruby-500/60" : "border-ink-500",
              )}
            >
              <p className="break-words">{comment.comment}</p>
              <p className="mt-0.5 text-xs text-mist-400">
                Our reviewer, <time dateTime={comment.created_at}>{formatDate(comment.created_at)}</time>
                {comment.document_guid !== slot.latest?.guid ? " · on an earlier file" : null}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
      {open && actions.upload ? (
        <UploadPanel documentType={slot.type} onUploaded={() => onOpen(null)} onClose={() => onOpen(null)} />
      ) : null}
    </li>
  );
}

function DownloadButton({ guid, fileName, label }: { guid: string; fileName: string; label: string }) {
  const [busy, setBusy] = useState(false);
  const download = () => {
    setBusy(true);
    downloadDocument(guid, fileName)
      .catch((error: unknown) =>
        toastError(error instanceof Error ? error.message : "The file could not be downloaded."),
      )
      .finally(() => setBusy(false));
  };
  return (
    <button
      type="button"
      className="btn-ghost h-9"
      aria-label={`Download your ${label.toLowerCase()}`}
      disabled={busy}
      onClick={download}
    >
      {busy ? "Downloading…" : "Download"}
    </button>
  );
}

export function VerificationSkeleton() {
  return (
    <div className="flex max-w-3xl flex-col gap-6" role="status" aria-label="Loading your documents">
      <span aria-hidden className="block h-24 animate-pulse rounded-2xl bg-ink-800" />
      {[0, 1, 2].map((row) => (
        <div key={row} aria-hidden className="card space-y-3 p-5">
          <span className="block h-5 w-40 animate-pulse rounded-lg bg-ink-700/70" />
          <span className="block h-4 w-3/4 animate-pulse rounded-lg bg-ink-700/70" />
          <span className="block h-9 w-full animate-pulse rounded-lg bg-ink-700/70" />
        </div>
      ))}
    </div>
  );
}
