import type { Document } from "@croupier/contract/entities/documents";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientAuth } from "../../lib/client-auth";
import { applyDocumentStatusEvent } from "./document-events";
import { TOO_LARGE_MESSAGE } from "./file-checks";
import { VerificationPage } from "./verification-page";

const PLAYER = "20000000-0000-4000-8000-000000000001";
const REVIEWER = "40000000-0000-4000-8000-000000000001";
let serial = 0;
function doc(overrides: Partial<Document>): Document {
  serial += 1;
  const at = overrides.created_at ?? "2026-01-01T10:00:00.000Z";
  return {
    guid: `60000000-0000-4000-8000-${String(serial).padStart(12, "0")}`,
    comment: null,
    original_filename: "file.jpg",
    filename: "x.jpg",
    customer_guid: PLAYER,
    status: "pending",
    type: "passport",
    content_type: "image/jpeg",
    size_bytes: 2048,
    created_at: at,
    updated_at: at,
    reviewed_at: null,
    comments: [],
    ...overrides,
  };
}
const reviewComment = (comment: string) => ({
  guid: crypto.randomUUID(),
  customer_guid: PLAYER,
  manager_guid: REVIEWER,
  comment,
  created_at: "2026-01-02T10:00:00.000Z",
  updated_at: "2026-01-02T10:00:00.000Z",
});

/** Plays the upload's XMLHttpRequest. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  body: FormData | null = null;
  status = 0;
  responseText = "";
  aborted = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  send(body: FormData) {
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

/** The server's list, as the test sets it; every call is recorded. */
const server = {
  documents: [] as Document[],
  /** The list's metadata beyond the pager; null: an older server that sends only the pager. */
  standing: null as { is_verified: boolean; missing: string[] } | null,
  calls: [] as { method: string; url: string; body: string; authorization: string | null }[],
};

beforeEach(() => {
  serial = 0;
  FakeXhr.sent = [];
  server.documents = [];
  server.standing = null;
  server.calls = [];
  vi.stubGlobal("XMLHttpRequest", FakeXhr);
  vi.stubGlobal("fetch", async (input: Request | string, init?: RequestInit) => {
    const request = typeof input === "string" ? new Request(new URL(input, location.origin), init) : input;
    const url = new URL(request.url).pathname;
    server.calls.push({
      method: request.method,
      url,
      body: await request.text(),
      authorization: request.headers.get("authorization"),
    });
    if (url.endsWith("/file"))
      return new Response("%PDF-1.4 the file", { status: 200, headers: { "content-type": "application/pdf" } });
    const payload = request.method === "DELETE" ? { guid: "x" } : server.documents;
    const envelope = {
      status: "ok",
      payload,
      metadata: { request_id: "t", page: 1, per_page: 100, total: server.documents.length, ...server.standing },
    };
    return new Response(JSON.stringify(envelope), { status: 200, headers: { "content-type": "application/json" } });
  });
  clientAuth.registerSession({ accessToken: async () => "token", unauthorized: () => undefined });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Stub = createRoutesStub([{ path: "/", Component: () => <VerificationPage userId={PLAYER} realtime={null} /> }]);
  render(
    <QueryClientProvider client={queryClient}>
      <Stub />
    </QueryClientProvider>,
  );
  return queryClient;
}

const slot = (type: string) => screen.getAllByTestId("document-slot").find((row) => row.dataset.type === type)!;
const listCalls = () => server.calls.filter((call) => call.url === "/api/v1/documents").length;

describe("VerificationPage", () => {
  it("shows a skeleton, then each type's status, the reviewer's comment and what is still needed", async () => {
    server.documents = [
      doc({
        type: "passport",
        status: "rejected",
        comment: "The photo is blurry",
        comments: [reviewComment("The photo is blurry")],
      }),
      doc({ type: "proof_of_address", status: "pending", original_filename: "bill.pdf" }),
    ];
    server.standing = { is_verified: false, missing: ["identity", "proof_of_address", "selfie"] };
    renderPage();
    expect(screen.getByRole("status", { name: "Loading your documents" })).toBeTruthy();
    await screen.findAllByTestId("document-slot");

    expect(within(slot("passport")).getByTestId("document-status").textContent).toBe("Rejected");
    expect(within(slot("passport")).getByText("The photo is blurry")).toBeTruthy();
    expect(within(slot("passport")).getByRole("button", { name: "Upload again: Passport" })).toBeTruthy();
    expect(within(slot("proof_of_address")).getByTestId("document-status").textContent).toBe("Pending review");
    expect(within(slot("proof_of_address")).queryByRole("button", { name: /Upload/ })).toBeNull();
    expect(within(slot("proof_of_address")).getByRole("button", { name: "Delete" })).toBeTruthy();
    expect(within(slot("selfie")).getByTestId("document-status").textContent).toBe("Not uploaded");

    const state = screen.getByTestId("verification-state");
    expect(within(state).getByRole("heading").textContent).toBe("Not verified yet");
    expect(state.textContent).toMatch(/Withdrawals wait until your identity is verified/);
    // The operator's required set is the server's: here it includes the selfie.
    expect(state.textContent).toMatch(/Still needed: Proof of identity, Proof of address, Selfie\./);
    const selfie = screen.getAllByTestId("document-group").find((group) => group.dataset.group === "selfie")!;
    expect(selfie.textContent).toContain("Needed to verify you");
    // The request body is the seed's page filter.
    expect(JSON.parse(server.calls[0]!.body)).toEqual({ page: 1, per_page: 100 });
  });

  it("works out what is missing from the default required set when the server does not say", async () => {
    server.documents = [doc({ type: "national_id", status: "approved" })];
    renderPage();
    const state = await screen.findByTestId("verification-state");
    expect(state.textContent).toMatch(/Still needed: Proof of address\./);
    expect(state.dataset.verified).toBe("false");
  });

  it("says Verified when the server says so", async () => {
    server.documents = [
      doc({ type: "passport", status: "approved" }),
      doc({ type: "proof_of_address", status: "approved" }),
    ];
    server.standing = { is_verified: true, missing: [] };
    renderPage();
    const state = await screen.findByTestId("verification-state");
    expect(within(state).getByRole("heading").textContent).toBe("Verified");
    expect(state.dataset.verified).toBe("true");
  });

  it("uploads a file with a progress bar, then shows the document as pending", async () => {
    renderPage();
    await screen.findAllByTestId("document-slot");
    fireEvent.click(within(slot("proof_of_address")).getByRole("button", { name: "Upload: Proof of address" }));
    const input = within(slot("proof_of_address")).getByLabelText("Choose a file: Proof of address");
    fireEvent.change(input, {
      target: { files: [new File(["%PDF-1.4 bill"], "bill.pdf", { type: "application/pdf" })] },
    });

    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const xhr = FakeXhr.sent[0]!;
    expect(xhr.body?.get("document_type")).toBe("proof_of_address");
    const bar = screen.getByRole("progressbar", { name: "Uploading Proof of address" });
    expect(bar.getAttribute("aria-valuenow")).toBe("0");
    act(() => xhr.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 200 }));
    expect(bar.getAttribute("aria-valuenow")).toBe("25");

    const before = listCalls();
    server.documents = [doc({ type: "proof_of_address", status: "pending", original_filename: "bill.pdf" })];
    act(() => xhr.respond(200, server.documents[0]));
    await waitFor(() => expect(slot("proof_of_address").dataset.status).toBe("pending"));
    expect(listCalls()).toBeGreaterThan(before);
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("refuses a file over 10 MB before sending anything", async () => {
    renderPage();
    await screen.findAllByTestId("document-slot");
    fireEvent.click(within(slot("passport")).getByRole("button", { name: "Upload: Passport" }));
    const big = new File(["x"], "huge.jpg", { type: "image/jpeg" });
    Object.defineProperty(big, "size", { value: 11 * 1024 * 1024 });
    fireEvent.change(within(slot("passport")).getByLabelText("Choose a file: Passport"), { target: { files: [big] } });
    expect(within(slot("passport")).getByRole("alert").textContent).toContain(TOO_LARGE_MESSAGE);
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it("shows the server's refusal of a file whose content is not what its name says", async () => {
    renderPage();
    await screen.findAllByTestId("document-slot");
    fireEvent.click(within(slot("passport")).getByRole("button", { name: "Upload: Passport" }));
    fireEvent.change(within(slot("passport")).getByLabelText("Choose a file: Passport"), {
      target: { files: [new File(["just text"], "passport.jpg", { type: "image/jpeg" })] },
    });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    act(() =>
      FakeXhr.sent[0]!.respond(415, {
        code: "UNSUPPORTED_MEDIA_TYPE",
        message: "This file is not a JPEG, PNG, HEIC or PDF.",
      }),
    );
    const alert = await within(slot("passport")).findByRole("alert");
    expect(alert.textContent).toContain("This file is not a JPEG, PNG, HEIC or PDF.");
  });

  it("accepts a file dropped on the drop zone, and cancels the upload", async () => {
    renderPage();
    await screen.findAllByTestId("document-slot");
    fireEvent.click(within(slot("selfie")).getByRole("button", { name: "Upload: Selfie" }));
    const zone = within(slot("selfie")).getByTestId("drop-zone");
    expect(within(slot("selfie")).getByLabelText("Take a photo: Selfie").getAttribute("capture")).toBe("user");
    fireEvent.drop(zone, { dataTransfer: { files: [new File(["jpeg"], "me.jpg", { type: "image/jpeg" })] } });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Cancel upload" }));
    expect(FakeXhr.sent[0]!.aborted).toBe(true);
    await waitFor(() => expect(within(slot("selfie")).getByRole("status").textContent).toMatch(/^Upload cancelled/));
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("deletes a pending document after asking", async () => {
    server.documents = [doc({ type: "national_id", status: "pending", original_filename: "id-card.png" })];
    renderPage();
    await screen.findAllByTestId("document-slot");
    fireEvent.click(within(slot("national_id")).getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog.textContent).toContain("id-card.png");
    server.documents = [];
    fireEvent.click(within(dialog).getByRole("button", { name: "Delete document" }));
    await waitFor(() => expect(slot("national_id").dataset.status).toBe("not_uploaded"));
    const remove = server.calls.find((call) => call.method === "DELETE")!;
    expect([remove.url, JSON.parse(remove.body)]).toEqual([
      "/api/v1/documents/document",
      { document_type: "national_id" },
    ]);
  });

  it("shows a decision pushed over realtime without a reload", async () => {
    const pending = doc({ type: "passport", status: "pending" });
    server.documents = [pending];
    const queryClient = renderPage();
    await waitFor(() => expect(slot("passport").dataset.status).toBe("pending"));
    server.documents = [
      { ...pending, status: "rejected", comment: "Expired passport", comments: [reviewComment("Expired passport")] },
    ];
    act(() =>
      applyDocumentStatusEvent(queryClient, PLAYER, {
        document_guid: pending.guid,
        document_type: "passport",
        status: "rejected",
        comment: "Expired passport",
        is_verified: false,
      }),
    );
    await waitFor(() => expect(slot("passport").dataset.status).toBe("rejected"));
    expect(await within(slot("passport")).findByText("Expired passport")).toBeTruthy();
  });

  it("turns Verified when the last required document is approved", async () => {
    const pending = doc({ type: "proof_of_address", status: "pending" });
    server.documents = [doc({ type: "passport", status: "approved" }), pending];
    server.standing = { is_verified: false, missing: ["proof_of_address"] };
    const queryClient = renderPage();
    const state = await screen.findByTestId("verification-state");
    expect(state.dataset.verified).toBe("false");
    server.documents = [server.documents[0]!, { ...pending, status: "approved" }];
    server.standing = { is_verified: true, missing: [] };
    act(() =>
      applyDocumentStatusEvent(queryClient, PLAYER, {
        document_guid: pending.guid,
        document_type: "proof_of_address",
        status: "approved",
        comment: null,
        is_verified: true,
      }),
    );
    await waitFor(() => expect(screen.getByTestId("verification-state").dataset.verified).toBe("true"));
    expect(within(screen.getByTestId("verification-state")).getByRole("heading").textContent).toBe("Verified");
  });

  it("downloads the player's own file with the bearer token", async () => {
    const sent = doc({ type: "passport", status: "pending", original_filename: "my-passport.jpg" });
    server.documents = [sent];
    const created = vi.fn(() => "blob:file");
    // jsdom has no object URLs; these two are put back below.
    const { createObjectURL, revokeObjectURL } = URL;
    URL.createObjectURL = created;
    URL.revokeObjectURL = () => undefined;
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(() => undefined);
    renderPage();
    await screen.findAllByTestId("document-slot");
    fireEvent.click(within(slot("passport")).getByRole("button", { name: "Download your passport" }));
    await waitFor(() => expect(clicked).toHaveBeenCalledTimes(1));
    const call = server.calls.find((c) => c.url.endsWith("/file"))!;
    expect([call.url, call.authorization]).toEqual([`/api/v1/documents/document/${sent.guid}/file`, "Bearer token"]);
    expect(created).toHaveBeenCalledTimes(1);
    expect((clicked.mock.instances[0] as unknown as HTMLAnchorElement).download).toBe("my-passport.jpg");
    clicked.mockRestore();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });
});
