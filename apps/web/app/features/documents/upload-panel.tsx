import type { Document, DocumentType } from "@croupier/contract/entities/documents";
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { Icon } from "../../components/icons";
import { cx } from "../../lib/cx";
import { ACCEPTED_FILE_TYPES } from "./file-checks";
import { useDocumentUpload } from "./use-document-upload";
import { captureFacing, DOCUMENT_TYPE_LABELS } from "./verification-state";

/**
 * Where a document is sent from: a drop zone that is also the file picker's button (keyboard: Tab,
 * then Enter or Space), a camera button for phones (the back camera for papers, the front one for
 * a selfie), and while sending, a progress bar with Cancel.
 */
export function UploadPanel({
  documentType,
  onUploaded,
  onClose,
}: {
  documentType: DocumentType;
  onUploaded?: (document: Document) => void;
  onClose: () => void;
}) {
  const { state, start, cancel } = useDocumentUpload(documentType, onUploaded);
  const picker = useRef<HTMLInputElement>(null);
  const camera = useRef<HTMLInputElement>(null);
  const zone = useRef<HTMLButtonElement>(null);
  const [dragging, setDragging] = useState(false);
  const rulesId = useId();
  const label = DOCUMENT_TYPE_LABELS[documentType];
  const uploading = state.phase === "uploading";

  // The Upload button that opened the panel is gone: keyboard focus moves to the drop zone instead of the page's top.
  useEffect(() => zone.current?.focus(), []);

  const take = (files: FileList | null) => {
    const file = files?.[0];
    if (file) void start(file);
  };

  const onDrop = (event: DragEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!uploading) take(event.dataTransfer.files);
  };

  return (
    <div
      className="mt-3 space-y-3 rounded-xl border border-ink-600 bg-ink-900 p-4"
      data-testid="upload-panel"
      data-type={documentType}
    >
      {uploading ? (
        <div className="space-y-2">
          <div className="flex items-center justify-between gap-3 text-sm">
            <span className="min-w-0 truncate text-mist-300">
              Uploading <span className="font-semibold text-white">{state.fileName}</span>
            </span>
            <span className="tabular-nums text-mist-300" aria-hidden>
              {state.percent}%
            </span>
          </div>
          <div
            role="progressbar"
            aria-label={`Uploading ${label}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={state.percent}
            aria-valuetext={`${state.percent}%`}
            className="h-2 overflow-hidden rounded-full bg-ink-700"
          >
            <div
              className="h-full rounded-full bg-gold-400 transition-[width]"
              style={{ width: `${state.percent}%` }}
            />
          </div>
          <button type="button" className="btn-ghost h-9" onClick={cancel}>
            Cancel upload
          </button>
        </div>
      ) : (
        <>
          <button
            ref={zone}
            type="button"
            aria-describedby={rulesId}
            onClick={() => picker.current?.click()}
            onDragEnter={(event) => {
              event.preventDefault();
              setDragging(true);
            }}
            onDragOver={(event) => event.preventDefault()}
            onDragLeave={() => setDragging(false)}
            onDrop={onDrop}
            data-testid="drop-zone"
            className={cx(
              "flex w-full flex-col items-center gap-2 rounded-xl border-2 border-dashed px-4 py-6 text-center transition-colors",
              dragging ? "border-gold-400 bg-gold-500/10" : "border-ink-600 hover:border-ink-500 hover:bg-ink-850",
            )}
          >
            <Icon name="document" width={28} height={28} className="text-gold-400" />
            <span className="text-sm font-semibold text-white">
              <span className="hidden desktop:inline">Drag and drop your {label.toLowerCase()} here, or </span>choose a
              file
            </span>
          </button>
          <p id={rulesId} className="text-xs text-mist-400">
            JPEG, PNG, HEIC or PDF, up to 10 MB. Make sure every corner is visible and the text is readable.
          </p>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn-primary desktop:hidden" onClick={() => camera.current?.click()}>
              Take a photo
            </button>
            <button type="button" className="btn-ghost" onClick={onClose}>
              Close
            </button>
          </div>
          <input
            ref={picker}
            type="file"
            accept={ACCEPTED_FILE_TYPES}
            aria-label={`Choose a file: ${label}`}
            // Opened by the drop zone's button: hidden, so assistive technology meets one control, not two.
            hidden
            onChange={(event) => {
              take(event.currentTarget.files);
              // Choosing the same file again (after a refusal) must fire change again.
              event.currentTarget.value = "";
            }}
          />
          <input
            ref={camera}
            type="file"
            accept="image/*"
            capture={captureFacing(documentType)}
            aria-label={`Take a photo: ${label}`}
            hidden
            onChange={(event) => {
              take(event.currentTarget.files);
              event.currentTarget.value = "";
            }}
          />
        </>
      )}
      {state.phase === "failed" ? (
        <p
          role="alert"
          data-testid="upload-error"
          className="rounded-lg border border-ruby-500/40 bg-ruby-500/10 px-3 py-2 text-sm text-ruby-400"
        >
          <span className="font-semibold">{state.fileName}:</span> {state.message}
        </p>
      ) : null}
      {state.phase === "idle" && state.notice ? (
        // Read out by the status line below; not twice.
        <p aria-hidden className="text-sm text-mist-300">
          {state.notice}
        </p>
      ) : null}
      {/* Always mounted, so screen readers announce each change (a live region added with its text is not read). */}
      <p role="status" className="sr-only">
        {state.phase === "uploading"
          ? `Uploading ${state.fileName}`
          : state.phase === "idle"
            ? (state.notice ?? "")
            : ""}
      </p>
    </div>
  );
}
