// What the page checks before it sends a file: only what the browser can tell cheaply (the size,
// and the type the file claims by its name and MIME type). The server is the authority: it decides
// the type by the file's content (magic bytes), so a text file named ".jpg" passes here and is
// refused there, with the server's message shown in the same place.

/** The server's limit (issue #16); a bigger file is refused here before a byte is sent. */
export const MAX_FILE_BYTES = 10 * 1024 * 1024;

/** For the picker's `accept`: what the server takes (JPEG, PNG, HEIC/HEIF, PDF). */
export const ACCEPTED_FILE_TYPES =
  ".jpg,.jpeg,.png,.heic,.heif,.pdf,image/jpeg,image/png,image/heic,image/heif,application/pdf";

const ACCEPTED_EXTENSIONS = new Set(["jpg", "jpeg", "png", "heic", "heif", "pdf"]);
const ACCEPTED_MIME = new Set([
  "image/jpeg",
  "image/png",
  "image/heic",
  "image/heif",
  "image/heic-sequence",
  "image/heif-sequence",
  "application/pdf",
]);

export const WRONG_TYPE_MESSAGE = "This file type is not accepted. Upload a JPEG, PNG, HEIC or PDF file.";
export const TOO_LARGE_MESSAGE = "This file is larger than 10 MB. Upload a smaller photo or scan.";
export const EMPTY_FILE_MESSAGE = "This file is empty. Choose the photo or scan again.";

/** The longest file name sent as file_name; longer names are shortened, keeping the extension. */
export const FILE_NAME_MAX = 200;

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

/** Why `file` cannot be sent, or null when it may go to the server. */
export function precheckFile(file: Pick<File, "name" | "size" | "type">): string | null {
  if (file.size === 0) return EMPTY_FILE_MESSAGE;
  if (file.size > MAX_FILE_BYTES) return TOO_LARGE_MESSAGE;
  const extension = extensionOf(file.name);
  // Some phones give camera photos no extension or no MIME type; either one that fits is enough.
  const typeOk = file.type !== "" && ACCEPTED_MIME.has(file.type.toLowerCase());
  const extensionOk = ACCEPTED_EXTENSIONS.has(extension);
  if (!typeOk && !extensionOk) return WRONG_TYPE_MESSAGE;
  // A name that says something else (report.txt with a PDF MIME type) is not guessed at.
  if (extension !== "" && !extensionOk && extension.length <= 5) return WRONG_TYPE_MESSAGE;
  return null;
}

/** The name sent with the file: the base name, without control characters, at most FILE_NAME_MAX long. */
export function uploadFileName(name: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = (name.split(/[\\/]/).pop() ?? "").replace(/[\u0000-\u001f\u007f]/g, "").trim() || "document";
  if (clean.length <= FILE_NAME_MAX) return clean;
  const extension = extensionOf(clean);
  const tail = extension && extension.length <= 5 ? `.${extension}` : "";
  return clean.slice(0, FILE_NAME_MAX - tail.length) + tail;
}

/** "2.4 MB", "830 KB" for the chosen file. */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
