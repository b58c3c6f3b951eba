import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

// HEVC-coded HEIC (what phones write) is decoded by libheif compiled to WebAssembly (heic-decode): a
// 12-megapixel photo takes about a second of CPU, so it runs in a worker thread, never on the event
// loop. At most two at a time; a decode that takes too long is stopped.

export type DecodedImage = { width: number; height: number; data: Uint8Array };

const CONCURRENT_MAX = 2;
const DECODE_TIMEOUT_MS = 30_000;
const modulePath = createRequire(import.meta.url).resolve("heic-decode");

// Plain CommonJS so the worker needs no TypeScript loader; heic-decode is required by absolute path.
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const decode = require(workerData.modulePath);
parentPort.once("message", async (bytes) => {
  try {
    const images = await decode.all({ buffer: bytes });
    const first = images[0];
    if (!first) return parentPort.postMessage({ error: "no image" });
    if (first.width * first.height > workerData.maxPixels) return parentPort.postMessage({ error: "too many pixels" });
    const { width, height, data } = await first.decode();
    const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    parentPort.postMessage({ width, height, data: pixels }, [pixels.buffer]);
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message || error) });
  }
});`;

let running = 0;
const waiting: (() => void)[] = [];

async function slot(): Promise<() => void> {
  if (running >= CONCURRENT_MAX) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  return () => {
    running -= 1;
    waiting.shift()?.();
  };
}

/** RGBA pixels of the first image of an HEVC HEIF, decoded in a worker; rejects when it cannot be read. */
export async function decodeHevcHeif(bytes: Buffer, maxPixels: number): Promise<DecodedImage> {
  const release = await slot();
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { modulePath, maxPixels } });
  try {
    return await new Promise<DecodedImage>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("HEIF decode timed out")), DECODE_TIMEOUT_MS);
      worker.once("message", (message: DecodedImage | { error: string }) => {
        clearTimeout(timer);
        if ("error" in message) reject(new Error(message.error));
        else resolve(message);
      });
      worker.once("error", (error) => {
        clearTimeout(timer);
        reject(error);
      });
      worker.postMessage(bytes);
    });
  } finally {
    release();
    await worker.terminate();
  }
}
