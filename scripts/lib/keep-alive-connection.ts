// One keep-alive HTTP/1.1 connection that sends a request and waits for its
// answer, nothing in parallel: what a load generator needs and no more. The
// generator shares two cores with the server and PostgreSQL, and node:http's
// client (agent, header objects, streams per response) cost it ~0.19 ms of CPU
// per call there, a fifth of all the CPU a call took; pgbench, the figure the
// wallet is compared with, drives PostgreSQL from C. Real HTTP all the same:
// the server sees ordinary requests on ordinary sockets.
import net from "node:net";

export type KeepAliveAnswer = { status_code: number; body: string };

/** A response head longer than this is not something our server sends. */
const MAX_HEAD_BYTES = 16 * 1024;
const MAX_BODY_BYTES = 1024 * 1024;

export type KeepAliveConnection = {
  post: (path: string, headers: Record<string, string>, body: string) => Promise<KeepAliveAnswer>;
  close: () => void;
  readonly closed: boolean;
};

export async function openKeepAliveConnection(host: string, port: number): Promise<KeepAliveConnection> {
  const socket = net.connect({ host, port, noDelay: true });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("error", reject);
  });
  let pending: { resolve: (answer: KeepAliveAnswer) => void; reject: (error: Error) => void } | undefined;
  let buffered: Buffer = Buffer.alloc(0);

  const fail = (error: Error) => {
    const waiting = pending;
    pending = undefined;
    waiting?.reject(error);
  };
  socket.on("error", fail);
  socket.on("close", () => fail(new Error("connection closed")));
  socket.on("data", (chunk: Buffer) => {
    buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
    const headEnd = buffered.indexOf("\r\n\r\n");
    if (headEnd < 0) {
      if (buffered.length > MAX_HEAD_BYTES) socket.destroy(new Error("response head too long"));
      return;
    }
    const head = buffered.toString("latin1", 0, headEnd);
    const status_code = Number(head.slice(9, 12));
    const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
    // The server always sends a length for JSON; chunked answers are not expected here.
    if (!length) return socket.destroy(new Error(`response without content-length: ${head.split("\r\n")[0]}`));
    const bodyBytes = Number(length[1]);
    if (bodyBytes > MAX_BODY_BYTES) return socket.destroy(new Error("response body too long"));
    const total = headEnd + 4 + bodyBytes;
    if (buffered.length < total) return;
    const body = buffered.toString("utf8", headEnd + 4, total);
    buffered = buffered.subarray(total);
    const waiting = pending;
    pending = undefined;
    waiting?.resolve({ status_code, body });
  });

  return {
    post(path, headers, body) {
      if (pending) return Promise.reject(new Error("one request at a time per connection"));
      if (socket.destroyed) return Promise.reject(new Error("connection closed"));
      return new Promise<KeepAliveAnswer>((resolve, reject) => {
        pending = { resolve, reject };
        let head = `POST ${path} HTTP/1.1\r\nhost: ${host}:${port}\r\nconnection: keep-alive\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`;
        for (const [name, value] of Object.entries(headers)) head += `${name}: ${value}\r\n`;
        socket.write(`${head}\r\n${body}`);
      });
    },
    close: () => socket.destroy(),
    get closed() {
      return socket.destroyed;
    },
  };
}
