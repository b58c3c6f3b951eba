import fs from "node:fs";
import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bearer } from "../identity/identity-helpers.ts";
import { buildPaymentsApp, call, newPlayer, type PaymentsTest, type Player } from "../payments/payments-helpers.ts";
import { heif, jpegWithExif, multipartBody, pdf, png, storedFiles, tempDataDir, upload } from "./documents-helpers.ts";

// KYC documents (issue #16, ADR 023): the player's upload, list, delete and download.

let t: PaymentsTest;
let dataDir: string;

beforeAll(async () => {
  dataDir = tempDataDir();
  t = await buildPaymentsApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const rowsOf = async (player: Player) =>
  t.database.query<{ guid: string; status: string }>("SELECT guid, status FROM kyc_documents WHERE user_guid = $1", [player.id]);

const download = (player: Player, guid: string) =>
  t.app.inject({ method: "GET", url: `/api/v1/documents/document/${guid}/file`, headers: bearer(player.token) });

/** Upload refused with this status and code, and nothing at all stored: no row, no file. */
async function expectRefusedAndNothingStored(player: Player, res: Awaited<ReturnType<typeof upload>>, status: number, code: string) {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toMatchObject({ status: "error", payload: { code } });
  expect(res.json().payload.message.length).toBeGreaterThan(10);
  expect(await rowsOf(player)).toEqual([]);
  expect(storedFiles(dataDir)).toEqual([]);
}

describe("documents: refusals store nothing", () => {
  // First in the file, on an empty DATA_DIR: "nothing stored" is then "no file at all".
  it("a text file named .jpg is refused by its content", async () => {
    const player = await newPlayer(t, "txt");
    const res = await upload(t, player, "passport", Buffer.from("just some text, not a picture\n"), "passport.jpg");
    await expectRefusedAndNothingStored(player, res, 415, "UNSUPPORTED_MEDIA_TYPE");
    expect(res.json().payload.message).toMatch(/JPEG, PNG, HEIC or PDF/);
  });

  it("11 MB is refused (413) while streaming, even with a JPEG header", async () => {
    const player = await newPlayer(t, "big");
    const big = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), randomBytes(11 * 1024 * 1024)]);
    const res = await upload(t, player, "passport", big, "big.jpg");
    await expectRefusedAndNothingStored(player, res, 413, "PAYLOAD_TOO_LARGE");
    expect(res.json().payload.message).toMatch(/10 MB/);
  });

  it("the 10 MB limit holds while streaming, without a Content-Length to trust", async () => {
    const player = await newPlayer(t, "stream");
    const big = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(10 * 1024 * 1024 + 1)]);
    const body = await multipartBody({ document_type: "selfie" }, { bytes: big, name: "me.png" });
    const res = await t.app.inject({
      method: "POST",
      url: "/api/v1/documents/document",
      headers: { ...bearer(player.token), "content-type": body.contentType, "transfer-encoding": "chunked" },
      payload: Readable.from([body.payload.subarray(0, 1_000_000), body.payload.subarray(1_000_000)]),
    });
    await expectRefusedAndNothingStored(player, res, 413, "PAYLOAD_TOO_LARGE");
  });

  it("a PDF with JavaScript is refused, with the reason", async () => {
    const player = await newPlayer(t, "js");
    const evil = pdf({ catalogExtra: "/OpenAction 4 0 R", extraObjects: ["<< /S /JavaScript /JS (app.alert('hi')) >>"] });
    const res = await upload(t, player, "proof_of_address", evil, "bill.pdf");
    await expectRefusedAndNothingStored(player, res, 415, "UNSUPPORTED_MEDIA_TYPE");
    expect(res.json().payload.message).toMatch(/PDF cannot be accepted because it contains \/J/);
  });

  it("a broken image with a JPEG header is refused as unreadable", async () => {
    const player = await newPlayer(t, "broken");
    const res = await upload(t, player, "selfie", Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(200, 7)]), "me.jpg");
    await expectRefusedAndNothingStored(player, res, 415, "UNSUPPORTED_MEDIA_TYPE");
  });

  it("an unknown document type or a missing file is a validation error", async () => {
    const player = await newPlayer(t, "fields");
    const wrongType = await upload(t, player, "library_card", await png(), "card.png");
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().payload.fields[0].field).toBe("body.document_type");
    const json = await call(t, player, "POST", "/documents/document", { document_type: "passport" });
    expect(json.statusCode).toBe(415);
    expect(await rowsOf(player)).toEqual([]);
    expect(storedFiles(dataDir)).toEqual([]);
  });
});

describe("documents: accepted uploads", () => {
  it("JPEG: stored re-encoded without EXIF or GPS, encrypted on disk, listed with the seed's fields", async () => {
    const player = await newPlayer(t, "jpeg");
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload(t, player, "passport", original, "My Passport.jpg");
    expect(res.statusCode).toBe(200);
    const doc = res.json().payload;
    expect(doc).toMatchObject({ type: "passport", status: "pending", content_type: "image/jpeg", original_filename: "My Passport.jpg", customer_guid: player.id, comment: null, comments: [] });
    expect(doc.filename).toMatch(/^[a-f0-9]{24}\.jpg$/);

    const file = await download(player, doc.guid);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/jpeg");
    expect(file.headers["content-disposition"]).toBe(`attachment; filename="${doc.filename}"`);
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["cache-control"]).toContain("no-store");
    const served = file.rawPayload;
    const meta = await sharp(served).metadata();
    expect(meta.format).toBe("jpeg");
    expect(meta.exif).toBeUndefined();
    expect(served.includes(Buffer.from("SpyCam"))).toBe(false);
    expect(served.includes(Buffer.from("Jane Player"))).toBe(false);
    expect(doc.size_bytes).toBe(served.length);

    const [onDisk] = storedFiles(dataDir).filter((f) => !f.endsWith(".partial"));
    const sealed = fs.readFileSync(onDisk!);
    expect(sealed.subarray(0, 4).toString("latin1")).toBe("CKD1");
    expect(sealed.includes(served.subarray(0, 64))).toBe(false);
    expect(sealed.equals(served)).toBe(false);

    const listed = await call(t, player, "POST", "/documents", { page: 1, per_page: 10 });
    expect(listed.statusCode).toBe(200);
    expect(listed.json().metadata).toMatchObject({ page: 1, per_page: 10, total: 1 });
    expect(listed.json().payload.map((d: { guid: string }) => d.guid)).toEqual([doc.guid]);
  });

  it("PNG named .jpg is accepted as PNG; HEIF becomes JPEG; a plain PDF is kept as it is", async () => {
    const player = await newPlayer(t, "kinds");
    const asPng = await upload(t, player, "proof_of_address", await png(), "scan.jpg");
    expect(asPng.statusCode).toBe(200);
    expect(asPng.json().payload).toMatchObject({ content_type: "image/png", original_filename: "scan.jpg" });
    expect(asPng.json().payload.filename).toMatch(/\.png$/);

    const asHeif = await upload(t, player, "selfie", await heif(), "IMG_0001.HEIC");
    expect(asHeif.statusCode).toBe(200);
    expect(asHeif.json().payload.content_type).toBe("image/jpeg");
    expect((await sharp((await download(player, asHeif.json().payload.guid)).rawPayload).metadata()).format).toBe("jpeg");

    const plain = pdf();
    const asPdf = await upload(t, player, "payment_method", plain, "card.pdf", { file_name: "Card statement.pdf" });
    expect(asPdf.statusCode).toBe(200);
    expect(asPdf.json().payload).toMatchObject({ content_type: "application/pdf", original_filename: "Card statement.pdf" });
    expect((await download(player, asPdf.json().payload.guid)).rawPayload.equals(plain)).toBe(true);

    const filtered = await call(t, player, "POST", "/documents", { page: 1, per_page: 10, filter: { document_type: "selfie" } });
    expect(filtered.json().payload.map((d: { type: string }) => d.type)).toEqual(["selfie"]);
  });

  it("the file is the owner's only: another player gets 404, a visitor 401", async () => {
    const owner = await newPlayer(t, "owner");
    const other = await newPlayer(t, "other");
    const doc = (await upload(t, owner, "national_id", await png(), "id.png")).json().payload;
    expect((await download(owner, doc.guid)).statusCode).toBe(200);
    const stolen = await download(other, doc.guid);
    expect(stolen.statusCode).toBe(404);
    expect(stolen.rawPayload.includes(Buffer.from("PNG"))).toBe(false);
    expect((await t.app.inject({ method: "GET", url: `/api/v1/documents/document/${doc.guid}/file` })).statusCode).toBe(401);
    expect((await call(t, other, "POST", "/documents", {})).json().payload).toEqual([]);
  });

  it("one pending document per type; DELETE removes it (row and file) only while pending", async () => {
    const player = await newPlayer(t, "delete");
    const first = (await upload(t, player, "driving_licence", await png(), "dl.png")).json().payload;
    const second = await upload(t, player, "driving_licence", await png(), "dl2.png");
    expect(second.statusCode).toBe(409);
    const filesBefore = storedFiles(dataDir).length;
    const deleted = await call(t, player, "DELETE", "/documents/document", { document_type: "driving_licence" });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json().payload).toEqual({ guid: first.guid });
    expect(storedFiles(dataDir).length).toBe(filesBefore - 1);
    expect(await rowsOf(player)).toEqual([]);
    expect((await call(t, player, "DELETE", "/documents/document", { document_type: "driving_licence" })).statusCode).toBe(404);

    const again = (await upload(t, player, "driving_licence", await png(), "dl3.png")).json().payload;
    await t.database.query("UPDATE kyc_documents SET status = 'approved', reviewed_at = now() WHERE guid = $1", [again.guid]);
    const refused = await call(t, player, "DELETE", "/documents/document", { document_type: "driving_licence" });
    expect(refused.statusCode).toBe(409);
    expect((await rowsOf(player)).map((r) => r.status)).toEqual(["approved"]);
  });

  it("an account holds at most 50 documents", async () => {
    const player = await newPlayer(t, "cap");
    await t.database.query(
      `INSERT INTO kyc_documents (user_guid, type, status, original_filename, filename, storage_key, content_type, size_bytes, sha256, reviewed_at)
       SELECT $1::uuid, 'selfie', 'rejected', 'old.png', 'old.png', 'cap/' || $1::text || '/' || n, 'image/png', 1, repeat('0', 64), now()
         FROM generate_series(1, 50) AS n`,
      [player.id],
    );
    const res = await upload(t, player, "passport", await png(), "one-more.png");
    expect(res.statusCode).toBe(409);
    expect(res.json().payload.message).toMatch(/contact support/);
    expect((await rowsOf(player)).length).toBe(50);
  });
});
