import type sharp from "sharp";
import { AppError } from "../../lib/app-error.ts";
import { checkPdfSafety } from "./check-pdf-safety.ts";
import { decodeHevcHeif } from "./decode-hevc-heif.ts";
import type { SniffedType } from "./sniff-document-type.ts";

// What is stored is never the upload's bytes for an image (ADR 023): images are decoded and encoded
// again, which drops EXIF (GPS, device, times), XMP, IPTC and any trailing payload. The EXIF
// orientation is applied first so the picture still stands up. HEIC/HEIF becomes JPEG: sharp's
// prebuilt libvips reads AV1-coded HEIF (AVIF) but not HEVC, so those go through libheif compiled to
// WebAssembly (heic-decode) in a worker thread (decode-hevc-heif.ts). A PDF is checked
// (check-pdf-safety.ts) and kept as it is.

export type SanitizedDocument = { bytes: Buffer; contentType: "image/jpeg" | "image/png" | "application/pdf"; extension: string };

/** Decompression bombs: a 10 MB upload may not unpack into more pixels than a 40-megapixel photo. */
const MAX_PIXELS = 40_000_000;
const JPEG_QUALITY = 90;

const unreadable = () =>
  new AppError("UNSUPPORTED_MEDIA_TYPE", "This image could not be read. Please upload a clear JPEG, PNG, HEIC or PDF file.");

// sharp (native libvips) is loaded with the first upload, not at every server start (ADR 039).
let sharpModule: Promise<typeof sharp> | undefined;
const loadSharp = () => (sharpModule ??= import("sharp").then((module) => module.default));

async function reencodeJpeg(input: sharp.Sharp): Promise<Buffer> {
  return input.rotate().jpeg({ quality: JPEG_QUALITY }).toBuffer();
}

async function decodeHevc(bytes: Buffer): Promise<Buffer> {
  const { width, height, data } = await decodeHevcHeif(bytes, MAX_PIXELS);
  const sharp = await loadSharp();
  return reencodeJpeg(sharp(Buffer.from(data.buffer, data.byteOffset, data.byteLength), { raw: { width, height, channels: 4 } }));
}

/** The bytes to store for a sniffed upload, or an AppError saying why it is refused. */
export async function sanitizeDocument(bytes: Buffer, type: SniffedType): Promise<SanitizedDocument> {
  const options = { limitInputPixels: MAX_PIXELS, failOn: "error" as const };
  // Outside the try: a sharp that cannot load is a fault of the server, not an unreadable image.
  const sharp = await loadSharp();
  try {
    switch (type) {
      case "jpeg":
        return { bytes: await reencodeJpeg(sharp(bytes, options)), contentType: "image/jpeg", extension: "jpg" };
      case "png":
        return { bytes: await sharp(bytes, options).rotate().png().toBuffer(), contentType: "image/png", extension: "png" };
      case "heif": {
        const jpeg = await reencodeJpeg(sharp(bytes, options)).catch(() => decodeHevc(bytes));
        return { bytes: jpeg, contentType: "image/jpeg", extension: "jpg" };
      }
      case "pdf": {
        const verdict = checkPdfSafety(bytes);
        if (!verdict.safe)
          throw new AppError(
            "UNSUPPORTED_MEDIA_TYPE",
            `This PDF cannot be accepted because ${verdict.reason}. Please upload a plain PDF without scripts, actions or attachments, or a photo of the document.`,
          );
        return { bytes, contentType: "application/pdf", extension: "pdf" };
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable();
  }
}
