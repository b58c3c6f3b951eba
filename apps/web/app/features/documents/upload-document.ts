import { clientAuth } from "../../lib/client-auth";
import { toastServerError } from "../../lib/toasts";

// POST /api/v1/documents/document (seed 001: multipart document_type, file, file_name) through
// XMLHttpRequest, because fetch reports no upload progress. It speaks to the API the way the app's
// client does (lib/player-api.ts): a live bearer token from clientAuth, 401 → logged out, 5xx →
// the server-error toast, the envelope's error message for everything else.

export const UPLOAD_PATH = "/api/v1/documents/document";

/** A refused or failed upload; `message` is safe to show to the player as is. */
export class UploadError extends Error {
  override readonly name = "UploadError";
  readonly status: number;
  readonly code: string;
  /** The 5xx toast (or the logout on 401) already told the player. */
  readonly handled: boolean;

  constructor(init: { status: number; code: string; message: string; handled?: boolean }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.handled = init.handled ?? false;
  }
}

export type UploadProgress = { loaded_bytes: number; total_bytes: number };

export type UploadRequest = {
  documentType: string;
  file: Blob;
  fileName: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

const NETWORK_MESSAGE = "The upload did not reach us. Check your connection and try again.";
const TOO_LARGE_MESSAGE = "This file is larger than 10 MB. Upload a smaller photo or scan.";

function readEnvelope(text: string): { payload?: unknown } | null {
  try {
    const parsed = JSON.parse(text) as unknown;
    return typeof parsed === "object" && parsed !== null ? (parsed as { payload?: unknown }) : null;
  } catch {
    return null;
  }
}

function errorOf(status: number, body: { payload?: unknown } | null): UploadError {
  const payload = body?.payload as { code?: unknown; message?: unknown } | undefined;
  const code = typeof payload?.code === "string" ? payload.code : status === 413 ? "PAYLOAD_TOO_LARGE" : "BAD_REQUEST";
  if (status === 401) {
    clientAuth.unauthorized();
    return new UploadError({
      status,
      code: "UNAUTHORIZED",
      message: "Your session has ended. Log in again to upload.",
      handled: true,
    });
  }
  if (status >= 500) {
    toastServerError();
    return new UploadError({
      status,
      code,
      message: "The upload could not be saved. Please try again later.",
      handled: true,
    });
  }
  // A proxy in front of the API may refuse a big body with its own page and no envelope.
  const fallback = status === 413 ? TOO_LARGE_MESSAGE : `The upload was refused (status ${status}).`;
  const message = typeof payload?.message === "string" && payload.message !== "" ? payload.message : fallback;
  return new UploadError({ status, code, message });
}

/** Sends the file; resolves with the envelope's payload (the stored Document), rejects with UploadError or an AbortError. */
export async function uploadDocument<T>(request: UploadRequest): Promise<T> {
  const abortError = () => new DOMException("The upload was cancelled", "AbortError");
  if (request.signal?.aborted) throw abortError();
  const token = await clientAuth.accessToken();
  if (request.signal?.aborted) throw abortError();

  const form = new FormData();
  // Fields before the file: a streaming server reads document_type before the file's bytes arrive.
  form.append("document_type", request.documentType);
  form.append("file_name", request.fileName);
  form.append("file", request.file, request.fileName);

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => request.signal?.removeEventListener("abort", onAbort);
    xhr.open("POST", UPLOAD_PATH);
    xhr.setRequestHeader("accept", "application/json");
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onProgress?.({ loaded_bytes: event.loaded, total_bytes: event.total });
    };
    xhr.onload = () => {
      done();
      const body = readEnvelope(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) {
        resolve(body?.payload as T);
        return;
      }
      reject(errorOf(xhr.status, body));
    };
    xhr.onerror = () => {
      done();
      reject(new UploadError({ status: 0, code: "NETWORK", message: NETWORK_MESSAGE }));
    };
    xhr.onabort = () => {
      done();
      reject(abortError());
    };
    request.signal?.addEventListener("abort", onAbort, { once: true });
    xhr.send(form);
  });
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
