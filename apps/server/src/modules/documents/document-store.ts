import path from "node:path";
import type { S3Client } from "@aws-sdk/client-s3";
import type { Env } from "../../env.ts";
import { createDocumentCipher } from "./document-cipher.ts";
import { createLocalBlobStore } from "./local-blob-store.ts";
import { createS3BlobStore, type S3Sender } from "./s3-blob-store.ts";

/** Where encrypted bytes live: a flat key → bytes store (local disk or S3-compatible). */
export type BlobStore = {
  put: (key: string, bytes: Buffer) => Promise<void>;
  /** null when there is no such blob. */
  get: (key: string) => Promise<Buffer | null>;
  /** Deleting a missing blob is not an error. */
  delete: (key: string) => Promise<void>;
};

/** The document store the routes use: plain bytes in and out, encrypted in the blob store. */
export type DocumentStore = {
  save: (key: string, plain: Buffer) => Promise<void>;
  load: (key: string) => Promise<Buffer | null>;
  remove: (key: string) => Promise<void>;
};

export function createDocumentStore(blobs: BlobStore, keyHex: string): DocumentStore {
  const cipher = createDocumentCipher(keyHex);
  return {
    save: (key, plain) => blobs.put(key, cipher.encrypt(plain, key)),
    load: async (key) => {
      const sealed = await blobs.get(key);
      return sealed ? cipher.decrypt(sealed, key) : null;
    },
    remove: (key) => blobs.delete(key),
  };
}

/** The configured store: DATA_DIR/documents by default, an S3-compatible bucket with DOCUMENTS_STORAGE=s3. */
export function documentStoreFromEnv(env: Env): DocumentStore {
  if (env.DOCUMENTS_STORAGE === "s3") {
    // The client (and the AWS SDK with it) is made on the first call: a start does not load the SDK (ADR 039).
    let made: Promise<S3Client> | undefined;
    const makeClient = async () => {
      const { S3Client } = await import("@aws-sdk/client-s3");
      return new S3Client({
        region: env.DOCUMENTS_S3_REGION,
        endpoint: env.DOCUMENTS_S3_ENDPOINT,
        forcePathStyle: env.DOCUMENTS_S3_FORCE_PATH_STYLE,
        credentials:
          env.DOCUMENTS_S3_ACCESS_KEY_ID && env.DOCUMENTS_S3_SECRET_ACCESS_KEY
            ? { accessKeyId: env.DOCUMENTS_S3_ACCESS_KEY_ID, secretAccessKey: env.DOCUMENTS_S3_SECRET_ACCESS_KEY }
            : undefined,
      });
    };
    const client: S3Sender = {
      send: (async (command: Parameters<S3Client["send"]>[0]) =>
        (await (made ??= makeClient())).send(command)) as S3Sender["send"],
    };
    return createDocumentStore(createS3BlobStore(client, env.DOCUMENTS_S3_BUCKET!, env.DOCUMENTS_S3_PREFIX), env.DOCUMENTS_KEY);
  }
  return createDocumentStore(createLocalBlobStore(path.join(env.DATA_DIR, "documents")), env.DOCUMENTS_KEY);
}
