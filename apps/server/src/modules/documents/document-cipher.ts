import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

// Files at rest are AES-256-GCM (ADR 023): "CKD1" | 12-byte IV | 16-byte tag | ciphertext. The storage key
// is the additional authenticated data, so a file copied under another document's key does not decrypt.

const MAGIC = Buffer.from("CKD1", "latin1");
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = MAGIC.length + IV_BYTES + TAG_BYTES;

export type DocumentCipher = {
  encrypt: (plain: Buffer, storageKey: string) => Buffer;
  decrypt: (sealed: Buffer, storageKey: string) => Buffer;
};

/** A cipher for the 32-byte key given as 64 hex characters (env DOCUMENTS_KEY). */
export function createDocumentCipher(keyHex: string): DocumentCipher {
  const key = Buffer.from(keyHex, "hex");
  if (key.length !== 32) throw new Error("DOCUMENTS_KEY must be 32 bytes (64 hex characters)");
  return {
    encrypt: (plain, storageKey) => {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      cipher.setAAD(Buffer.from(storageKey, "utf8"));
      const body = Buffer.concat([cipher.update(plain), cipher.final()]);
      return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
    },
    decrypt: (sealed, storageKey) => {
      if (sealed.length < HEADER_BYTES || !sealed.subarray(0, MAGIC.length).equals(MAGIC))
        throw new Error("not an encrypted document");
      const iv = sealed.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
      const tag = sealed.subarray(MAGIC.length + IV_BYTES, HEADER_BYTES);
      const decipher = createDecipheriv("aes-256-gcm", key, iv);
      decipher.setAAD(Buffer.from(storageKey, "utf8"));
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES)), decipher.final()]);
    },
  };
}
