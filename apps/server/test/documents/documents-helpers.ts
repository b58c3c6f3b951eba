import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import sharp from "sharp";
import type { PaymentsTest, Player } from "../payments/payments-helpers.ts";
import { bearer } from "../identity/identity-helpers.ts";

/** A fresh DATA_DIR per app: the tests look at what is (and is not) on disk under documents/. */
export const tempDataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "croupier-documents-"));

/** Every file under DATA_DIR/documents (none when the folder does not exist). */
export function storedFiles(dataDir: string): string[] {
  const root = path.join(dataDir, "documents");
  if (!fs.existsSync(root)) return [];
  return fs.readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

/** A multipart/form-data body as a browser would send it (fields first, then the file). */
export async function multipartBody(fields: Record<string, string>, file?: { bytes: Buffer; name: string; type?: string }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/octet-stream" }), file.name);
  const request = new Request("http://localhost/", { method: "POST", body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get("content-type")! };
}

export async function upload(t: PaymentsTest, player: Player, documentType: string, bytes: Buffer, name: string, extra: Record<string, string> = {}) {
  const body = await multipartBody({ document_type: documentType, ...extra }, { bytes, name });
  return t.app.inject({
    method: "POST",
    url: "/api/v1/documents/document",
    headers: { ...bearer(player.token), "content-type": body.contentType },
    payload: body.payload,
  });
}

/** A small real JPEG carrying EXIF (camera, owner and GPS position) that must not survive the upload. */
export async function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 32, height: 24, channels: 3, background: "#c0392b" } })
    .jpeg()
    .withExif({
      IFD0: { Make: "SpyCam", Model: "Tracker 9000", Artist: "Jane Player" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
    })
    .toBuffer();
}

export const png = () => sharp({ create: { width: 16, height: 16, channels: 4, background: "#2980b9ff" } }).png().toBuffer();

/** HEIF as sharp's prebuilt libvips writes it (AV1-coded; brand avif/mif1). */
export const heif = () => sharp({ create: { width: 16, height: 12, channels: 3, background: "#27ae60" } }).heif({ compression: "av1" }).toBuffer();

/** A minimal valid PDF by hand: one page, `catalog` extra entries, an optional extra object. */
export function pdf(options: { catalogExtra?: string; extraObjects?: string[] } = {}): Buffer {
  const objects = [
    `<< /Type /Catalog /Pages 2 0 R ${options.catalogExtra ?? ""} >>`,
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
    ...(options.extraObjects ?? []),
  ];
  let out = "%PDF-1.7\n";
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, "latin1");
}

/** An object stream (Flate) holding `inner` dictionaries: where a script hides from a naive text scan. */
export function objectStream(inner: string): string {
  const packed = zlib.deflateSync(Buffer.from(`10 0 ${inner}`, "latin1"));
  return `<< /Type /ObjStm /N 1 /First 5 /Filter /FlateDecode /Length ${packed.length} >>\nstream\n${packed.toString("latin1")}\nendstream`;
}
