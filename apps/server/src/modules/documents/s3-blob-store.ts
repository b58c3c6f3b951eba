import type { S3Client } from "@aws-sdk/client-s3";
import type { BlobStore } from "./document-store.ts";

/** The part of S3Client the store uses, so tests can pass a fake that speaks the same commands. */
export type S3Sender = Pick<S3Client, "send">;

// The AWS SDK is loaded on the first S3 call, not at every server start (~0.15 s of CPU; ADR 039).
const s3Sdk = () => import("@aws-sdk/client-s3");

const isMissing = (error: unknown) => {
  const e = error as { name?: unknown; $metadata?: { httpStatusCode?: number } };
  return e.name === "NoSuchKey" || e.name === "NotFound" || e.$metadata?.httpStatusCode === 404;
};

/**
 * Blobs as objects of one bucket under a prefix, on any S3-compatible store (AWS SDK v3). The bytes
 * are already encrypted by the document store; the object is private (no ACL is ever granted) and
 * never served from the bucket: the server streams it to authorised callers only.
 */
export function createS3BlobStore(client: S3Sender, bucket: string, prefix: string): BlobStore {
  const keyOf = (key: string) => `${prefix}${key}`;
  return {
    put: async (key, bytes) => {
      const { PutObjectCommand } = await s3Sdk();
      await client.send(
        new PutObjectCommand({ Bucket: bucket, Key: keyOf(key), Body: bytes, ContentType: "application/octet-stream" }),
      );
    },
    get: async (key) => {
      const { GetObjectCommand } = await s3Sdk();
      try {
        const out = await client.send(new GetObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
        if (!out.Body) return null;
        return Buffer.from(await out.Body.transformToByteArray());
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    delete: async (key) => {
      const { DeleteObjectCommand } = await s3Sdk();
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: keyOf(key) }));
    },
  };
}
