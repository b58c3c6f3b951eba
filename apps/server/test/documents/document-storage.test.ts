import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { describe, expect, it } from "vitest";
import { loadEnv } from "../../src/env.ts";
import { checkPdfSafety } from "../../src/modules/documents/check-pdf-safety.ts";
import { createDocumentCipher } from "../../src/modules/documents/document-cipher.ts";
import { createDocumentStore } from "../../src/modules/documents/document-store.ts";
import { decodeHevcHeif } from "../../src/modules/documents/decode-hevc-heif.ts";
import { sanitizeDocument } from "../../src/modules/documents/sanitize-document.ts";
import { createLocalBlobStore } from "../../src/modules/documents/local-blob-store.ts";
import { createS3BlobStore, type S3Sender } from "../../src/modules/documents/s3-blob-store.ts";
import { sniffDocumentType } from "../../src/modules/documents/sniff-document-type.ts";
import { heif, jpegWithExif, objectStream, pdf, png, tempDataDir } from "./documents-helpers.ts";

// The pieces under the routes (ADR 023): type sniffing, the PDF check, the cipher, both blob stores
// (S3 against a fake that speaks the SDK's commands; no network), and the key's configuration.

const KEY = "ab".repeat(32);

describe("sniffDocumentType", () => {
  it("reads the type from the bytes and refuses everything else", async () => {
    expect(sniffDocumentType(await jpegWithExif())).toBe("jpeg");
    expect(sniffDocumentType(await png())).toBe("png");
    expect(sniffDocumentType(await heif())).toBe("heif");
    expect(sniffDocumentType(pdf())).toBe("pdf");
    expect(sniffDocumentType(Buffer.from("GIF89a....."))).toBeNull();
    expect(sniffDocumentType(Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"))).toBeNull();
    expect(sniffDocumentType(Buffer.concat([Buffer.from("junk"), pdf()]))).toBeNull();
    expect(sniffDocumentType(Buffer.from("\x00\x00\x00\x18ftypmp42\x00\x00\x00\x00", "latin1"))).toBeNull();
  });
});

describe("HEIF decoding", () => {
  // No HEVC encoder is available to make a fixture (ADR 023): the suite covers the worker's refusals and
  // the AV1 path; the HEVC path was checked by hand against a phone's file.
  it("the worker refuses what libheif cannot read, and a broken HEIC is unreadable (415), never a crash", async () => {
    await expect(decodeHevcHeif(await heif(), 40_000_000)).rejects.toThrow();
    const broken = Buffer.concat([Buffer.from("\x00\x00\x00\x18ftypheic\x00\x00\x00\x00mif1heic", "latin1"), Buffer.alloc(500, 3)]);
    await expect(decodeHevcHeif(broken, 40_000_000)).rejects.toThrow();
    await expect(sanitizeDocument(broken, "heif")).rejects.toMatchObject({ code: "UNSUPPORTED_MEDIA_TYPE" });
    const av1 = await sanitizeDocument(await heif(), "heif");
    expect(av1).toMatchObject({ contentType: "image/jpeg", extension: "jpg" });
  });
});

describe("checkPdfSafety", () => {
  it("accepts a plain PDF, an OpenAction that only opens a page, and ordinary compressed streams", () => {
    expect(checkPdfSafety(pdf())).toEqual({ safe: true });
    expect(checkPdfSafety(pdf({ catalogExtra: "/OpenAction [3 0 R /Fit]" }))).toEqual({ safe: true });
    const content = zlib.deflateSync(Buffer.from("BT /F1 12 Tf 10 10 Td (Statement) Tj ET"));
    expect(checkPdfSafety(pdf({ extraObjects: [`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n${content.toString("latin1")}\nendstream`] }))).toEqual({ safe: true });
  });

  it.each([
    ["/JS", pdf({ catalogExtra: "/OpenAction 4 0 R", extraObjects: ["<< /S /JavaScript /JS (app.alert(1)) >>"] })],
    ["/JavaScript in the name tree", pdf({ catalogExtra: "/Names << /JavaScript 4 0 R >>", extraObjects: ["<< /Names [] >>"] })],
    ["#-escaped /J#61vaScript", pdf({ catalogExtra: "/OpenAction << /S /J#61vaScript /J#53 (x) >>" })],
    ["/Launch", pdf({ catalogExtra: "/OpenAction << /S /Launch /F (cmd.exe) >>" })],
    ["/EmbeddedFile", pdf({ extraObjects: ["<< /Type /EmbeddedFile /Length 0 >>\nstream\n\nendstream"] })],
    ["/AA", pdf({ catalogExtra: "/AA << /O 4 0 R >>", extraObjects: ["<< /S /GoTo /D [3 0 R /Fit] >>"] })],
    ["/JS inside a compressed object stream", pdf({ extraObjects: [objectStream("<< /S /JavaScript /JS (app.alert(1)) >>")] })],
    ["/Encrypt", pdf({ catalogExtra: "/Encrypt 4 0 R", extraObjects: ["<< /Filter /Standard >>"] })],
    ["an ASCIIHex object stream", pdf({ extraObjects: ["<< /Type /ObjStm /Filter /ASCIIHexDecode /Length 4 >>\nstream\n2F4A>\nendstream"] })],
  ])("refuses %s", (_, bytes) => {
    expect(checkPdfSafety(bytes).safe).toBe(false);
  });
});

describe("document cipher", () => {
  it("round-trips, differs from the plain bytes, and refuses tampering, another key or another storage key", () => {
    const cipher = createDocumentCipher(KEY);
    const plain = Buffer.from("passport scan bytes");
    const sealed = cipher.encrypt(plain, "aa/key1");
    expect(sealed.includes(plain)).toBe(false);
    expect(cipher.decrypt(sealed, "aa/key1").equals(plain)).toBe(true);
    const tampered = Buffer.from(sealed);
    tampered[tampered.length - 1]! ^= 1;
    expect(() => cipher.decrypt(tampered, "aa/key1")).toThrow();
    expect(() => cipher.decrypt(sealed, "aa/key2")).toThrow();
    expect(() => createDocumentCipher("cd".repeat(32)).decrypt(sealed, "aa/key1")).toThrow();
  });
});

describe("blob stores", () => {
  it("local: encrypted file under DATA_DIR/documents, owner-only, removed on delete; keys never escape the folder", async () => {
    const dir = tempDataDir();
    try {
      const root = path.join(dir, "documents");
      const store = createDocumentStore(createLocalBlobStore(root), KEY);
      const key = `ab/${"ab".repeat(16)}`;
      await store.save(key, Buffer.from("plain"));
      const file = path.join(root, key);
      expect(fs.readFileSync(file).includes(Buffer.from("plain"))).toBe(false);
      expect(fs.statSync(file).mode & 0o077).toBe(0);
      expect((await store.load(key))!.toString()).toBe("plain");
      await store.remove(key);
      expect(fs.existsSync(file)).toBe(false);
      expect(await store.load(key)).toBeNull();
      await expect(store.save("../../etc/passwd", Buffer.from("x"))).rejects.toThrow(/invalid/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("S3: puts, gets and deletes encrypted objects under the prefix in the bucket (fake client)", async () => {
    const objects = new Map<string, Uint8Array>();
    const calls: string[] = [];
    const fake: S3Sender = {
      send: (async (command: unknown) => {
        if (command instanceof PutObjectCommand) {
          calls.push(`put ${command.input.Bucket}/${command.input.Key}`);
          objects.set(command.input.Key!, command.input.Body as Uint8Array);
          return {};
        }
        if (command instanceof GetObjectCommand) {
          calls.push(`get ${command.input.Bucket}/${command.input.Key}`);
          const body = objects.get(command.input.Key!);
          if (!body) throw Object.assign(new Error("The specified key does not exist."), { name: "NoSuchKey" });
          return { Body: { transformToByteArray: async () => body } };
        }
        if (command instanceof DeleteObjectCommand) {
          calls.push(`delete ${command.input.Bucket}/${command.input.Key}`);
          objects.delete(command.input.Key!);
          return {};
        }
        throw new Error("unexpected command");
      }) as S3Sender["send"],
    };
    const store = createDocumentStore(createS3BlobStore(fake, "kyc-bucket", "kyc/"), KEY);
    await store.save("cd/0123", Buffer.from("selfie"));
    expect(Buffer.from(objects.get("kyc/cd/0123")!).includes(Buffer.from("selfie"))).toBe(false);
    expect((await store.load("cd/0123"))!.toString()).toBe("selfie");
    await store.remove("cd/0123");
    expect(await store.load("cd/0123")).toBeNull();
    expect(calls).toEqual(["put kyc-bucket/kyc/cd/0123", "get kyc-bucket/kyc/cd/0123", "delete kyc-bucket/kyc/cd/0123", "get kyc-bucket/kyc/cd/0123"]);
  });
});

describe("configuration", () => {
  it("refuses the development DOCUMENTS_KEY in production, a short key anywhere, and s3 without a bucket", () => {
    const production = { NODE_ENV: "production", JWT_SECRET: "x".repeat(40), PROVIDER_HOUSE_SECRET: "y".repeat(40), STAFF_SECRET_KEY: "z".repeat(48) };
    expect(() => loadEnv(production)).toThrow(/DOCUMENTS_KEY/);
    expect(() => loadEnv({ ...production, DOCUMENTS_KEY: KEY })).not.toThrow(/DOCUMENTS_KEY/);
    expect(() => loadEnv({ DOCUMENTS_KEY: "abcd" })).toThrow(/DOCUMENTS_KEY/);
    expect(() => loadEnv({ DOCUMENTS_STORAGE: "s3" })).toThrow(/DOCUMENTS_S3_BUCKET/);
    expect(loadEnv({}).KYC_REQUIRED_DOCUMENTS).toEqual(["identity", "proof_of_address"]);
    expect(loadEnv({ KYC_REQUIRED_DOCUMENTS: "identity, selfie" }).KYC_REQUIRED_DOCUMENTS).toEqual(["identity", "selfie"]);
    expect(() => loadEnv({ KYC_REQUIRED_DOCUMENTS: "identity,library_card" })).toThrow(/KYC_REQUIRED_DOCUMENTS/);
  });
});
