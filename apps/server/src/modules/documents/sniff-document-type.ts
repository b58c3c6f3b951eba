// The type of an upload, read from its first bytes (ADR 023): the name and the client's Content-Type
// are never trusted. Only these four families are accepted.

export type SniffedType = "jpeg" | "png" | "heif" | "pdf";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** ISO BMFF major brands of HEIF images (HEVC-coded "heic" family, generic "mif1", AV1-coded "avif"). */
const HEIF_BRANDS = new Set(["heic", "heix", "heim", "heis", "hevc", "hevx", "mif1", "mif2", "msf1", "avif"]);

/** The family of the bytes, or null when they are none of JPEG, PNG, HEIC/HEIF, PDF. */
export function sniffDocumentType(bytes: Buffer): SniffedType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return "png";
  if (bytes.length >= 12 && bytes.toString("latin1", 4, 8) === "ftyp" && HEIF_BRANDS.has(bytes.toString("latin1", 8, 12)))
    return "heif";
  // Readers tolerate junk before %PDF-; we do not, so a polyglot cannot pass as something else first.
  if (bytes.length >= 5 && bytes.toString("latin1", 0, 5) === "%PDF-") return "pdf";
  return null;
}
