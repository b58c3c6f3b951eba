import zlib from "node:zlib";

// A PDF is stored as uploaded (re-rendering would lose what a reviewer needs to see), so anything that
// could act when a reviewer opens it is refused instead (ADR 023): scripts, automatic and additional
// actions, launching programs, attachments, forms that submit or import, rich media. Actions are
// dictionary entries, and dictionaries live either in the file's text or inside object streams, so we
// read the names (after undoing #xx escapes: /J#61vaScript is /JavaScript) outside stream bodies and
// inside every stream but images (decompressed when Flate). Image bytes are not dictionaries, and
// random pixels would otherwise refuse honest scans. An object stream we cannot open, encodings we
// cannot look through, and encryption (which hides object streams) are refused.

const DANGEROUS_NAMES = new Set([
  "JS",
  "JavaScript",
  "AA",
  "Launch",
  "EmbeddedFile",
  "EmbeddedFiles",
  "RichMedia",
  "XFA",
  "SubmitForm",
  "ImportData",
  "GoToE",
]);
const OPAQUE_FILTERS = new Set(["ASCIIHexDecode", "AHx", "ASCII85Decode", "A85", "LZWDecode", "LZW", "RunLengthDecode", "RL"]);
/** Stream dictionaries naming one of these hold image bytes. */
const IMAGE_MARKERS = ["Image", "DCTDecode", "DCT", "JPXDecode", "CCITTFaxDecode", "CCF", "JBIG2Decode"];
/** Inflated bytes we are willing to look through, in all streams together. */
const INFLATED_MAX_BYTES = 64 * 1024 * 1024;
const STREAM_DICT_LOOKBACK = 4096;

export type PdfVerdict = { safe: true } | { safe: false; reason: string };

const decodeName = (raw: string) => raw.replace(/#([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

function namesIn(text: string): Set<string> {
  const names = new Set<string>();
  for (const m of text.matchAll(/\/([^\s/<>[\]()%{}]+)/g)) names.add(decodeName(m[1]!));
  return names;
}

function dangerIn(text: string): string | null {
  const names = namesIn(text);
  for (const name of DANGEROUS_NAMES) if (names.has(name)) return name;
  return null;
}

const refuse = (reason: string): PdfVerdict => ({ safe: false, reason });

type StreamBody = { dictStart: number; start: number; end: number };

/** Each stream's body (start, end) and where its dictionary may begin. */
function streamsOf(text: string): StreamBody[] {
  const streams: StreamBody[] = [];
  let from = 0;
  for (;;) {
    const at = text.indexOf("stream", from);
    if (at === -1) return streams;
    from = at + 6;
    if (text.slice(Math.max(0, at - 3), at) === "end") continue;
    const eol = /^\r?\n/.exec(text.slice(from, from + 2));
    if (!eol) continue;
    const start = from + eol[0].length;
    const endAt = text.indexOf("endstream", start);
    const end = endAt === -1 ? text.length : endAt;
    streams.push({ dictStart: Math.max(0, at - STREAM_DICT_LOOKBACK), start, end });
    from = end;
  }
}

/** Whether a PDF may be stored; the reason names what was found when not. */
export function checkPdfSafety(bytes: Buffer): PdfVerdict {
  const text = bytes.toString("latin1");
  const streams = streamsOf(text);
  let outside = "";
  let cursor = 0;
  for (const s of streams) {
    outside += `${text.slice(cursor, s.start)}\n`;
    cursor = s.end;
  }
  outside += text.slice(cursor);
  const found = dangerIn(outside);
  if (found) return refuse(`it contains /${found}`);
  if (namesIn(outside).has("Encrypt")) return refuse("it is encrypted or password-protected");

  let inflatedTotal = 0;
  for (const s of streams) {
    const before = text.slice(s.dictStart, s.start);
    const names = namesIn(before.slice(before.lastIndexOf("obj") + 1));
    // Image bytes are pixels, not dictionaries: reading them would only refuse honest scans by chance.
    if (!names.has("ObjStm") && IMAGE_MARKERS.some((name) => names.has(name))) continue;
    for (const filter of OPAQUE_FILTERS) if (names.has(filter)) return refuse(`it uses the ${filter} encoding, which cannot be checked`);
    let inside: string;
    if (!names.has("FlateDecode") && !names.has("Fl")) {
      inside = text.slice(s.start, s.end);
    } else {
      try {
        const inflated = zlib.inflateSync(bytes.subarray(s.start, s.end), {
          finishFlush: zlib.constants.Z_SYNC_FLUSH,
          maxOutputLength: INFLATED_MAX_BYTES - inflatedTotal,
        });
        inflatedTotal += inflated.length;
        inside = inflated.toString("latin1");
      } catch (error) {
        if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") return refuse("it is too large once decompressed");
        // An object stream we cannot open could hide any dictionary; a broken page stream only breaks the page.
        if (names.has("ObjStm")) return refuse("part of it cannot be read");
        continue;
      }
    }
    const danger = dangerIn(inside);
    if (danger) return refuse(`it contains /${danger}`);
  }
  return { safe: true };
}
