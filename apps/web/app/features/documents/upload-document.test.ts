import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientAuth } from "../../lib/client-auth";
import { isAbortError, UPLOAD_PATH, uploadDocument, UploadError } from "./upload-document";

/** Records what the page sends and lets the test play the network. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = "";
  url = "";
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = "";
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  respond(status: number, payload: unknown) {
    this.status = status;
    this.responseText = JSON.stringify({
      status: status < 400 ? "ok" : "error",
      payload,
      metadata: { request_id: "t" },
    });
    this.onload?.();
  }
}

const unauthorized = vi.fn();

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  clientAuth.registerSession({ accessToken: async () => "access-token", unauthorized });
});

afterEach(() => {
  vi.unstubAllGlobals();
  unauthorized.mockReset();
});

const sentOne = async () => {
  await vi.waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
  return FakeXhr.sent[0]!;
};

describe("uploadDocument", () => {
  it("posts the seed's multipart fields with the bearer token, reports progress and resolves with the payload", async () => {
    const progress = vi.fn();
    const file = new File(["%PDF-1.4"], "scan.pdf", { type: "application/pdf" });
    const result = uploadDocument<{ guid: string }>({
      documentType: "proof_of_address",
      file,
      fileName: "scan.pdf",
      onProgress: progress,
    });
    const xhr = await sentOne();
    expect([xhr.method, xhr.url, xhr.headers.authorization]).toEqual(["POST", UPLOAD_PATH, "Bearer access-token"]);
    const form = xhr.body as FormData;
    expect([...form.keys()]).toEqual(["document_type", "file_name", "file"]);
    expect(form.get("document_type")).toBe("proof_of_address");
    expect(form.get("file_name")).toBe("scan.pdf");
    xhr.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
    expect(progress).toHaveBeenCalledWith({ loaded_bytes: 40, total_bytes: 100 });
    xhr.respond(200, { guid: "d1" });
    await expect(result).resolves.toEqual({ guid: "d1" });
  });

  it("rejects with the server's message for a refused file", async () => {
    const result = uploadDocument({ documentType: "passport", file: new Blob(["hello"]), fileName: "fake.jpg" });
    (await sentOne()).respond(415, {
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "Only JPEG, PNG, HEIC or PDF files are accepted.",
    });
    const error = await result.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({
      status: 415,
      code: "UNSUPPORTED_MEDIA_TYPE",
      message: "Only JPEG, PNG, HEIC or PDF files are accepted.",
    });
  });

  it("logs the player out on 401", async () => {
    const result = uploadDocument({ documentType: "passport", file: new Blob(["x"]), fileName: "a.jpg" });
    (await sentOne()).respond(401, { code: "UNAUTHORIZED", message: "Unauthorized" });
    await expect(result).rejects.toMatchObject({ status: 401, handled: true });
    expect(unauthorized).toHaveBeenCalledTimes(1);
  });

  it("aborts the request when the signal fires, rejecting with an AbortError", async () => {
    const controller = new AbortController();
    const result = uploadDocument({
      documentType: "selfie",
      file: new Blob(["x"]),
      fileName: "me.jpg",
      signal: controller.signal,
    });
    const xhr = await sentOne();
    controller.abort();
    const error = await result.catch((caught: unknown) => caught);
    expect(xhr.aborted).toBe(true);
    expect(isAbortError(error)).toBe(true);
  });
});
