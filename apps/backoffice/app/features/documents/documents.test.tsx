import type { PlayerDocuments, StaffDocument } from "@croupier/contract/backoffice/documents";
import { ROLE_PERMISSIONS } from "@croupier/contract/staff-permissions";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { endStaffSession, startStaffSession } from "../../lib/staff-session";
import DocumentsPage from "../../routes/documents";
import { PlayerDocumentsTab } from "./player-documents-tab";

const PLAYER_ID = "6f1c1f5e-8d53-4a55-9d39-1e0c1d0e2a11";
const IMAGE_ID = "9b2d6c1e-0a8b-4f1e-9a61-3c5e7f0b2d44";
const PDF_ID = "1b0e1c8e-3f1e-4c55-8d7a-5f2e9b7c1a22";

const doc = (id: string, over: Partial<StaffDocument>): StaffDocument => ({
  id,
  player_guid: PLAYER_ID,
  player_email: "jane@example.com",
  player_name: "Jane Player",
  type: "passport",
  status: "pending",
  content_type: "image/jpeg",
  size_bytes: 120_000,
  original_filename: "passport.jpg",
  filename: "a1b2c3.jpg",
  created_at: "2026-11-25T06:00:00.000Z",
  reviewed_at: null,
  reviewed_by: null,
  comments: [],
  ...over,
});

const image = doc(IMAGE_ID, {});
const statement = doc(PDF_ID, { type: "proof_of_address", content_type: "application/pdf", original_filename: "bill.pdf", filename: "d4e5f6.pdf" });

type Call = { method: string; path: string; body: unknown; authorization: string | null };

const envelope = (status: number, body: unknown) =>
  new Response(JSON.stringify({ status: status < 400 ? "ok" : "error", payload: body, metadata: { request_id: "r" } }), {
    status,
    headers: { "content-type": "application/json" },
  });

/** The back-office API in memory; POSTs answer from `answers` in order. */
function fakeApi(answers: { status: number; body: unknown }[] = [], player?: PlayerDocuments) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      // jsdom's AbortSignal is not the one Node's Request accepts: the viewer's signal is left out here.
      const request = input instanceof Request ? input : new Request(new URL(input, "http://localhost"), { ...init, signal: undefined });
      const url = new URL(request.url);
      const path = url.pathname.replace("/api/backoffice/v1", "");
      const text = request.method === "POST" ? await request.text() : "";
      calls.push({ method: request.method, path: `${path}${url.search}`, body: text ? JSON.parse(text) : undefined, authorization: request.headers.get("authorization") });
      if (path === "/me")
        return envelope(200, { id: "5a1e4b0c-7d2f-4e1a-9c3b-8f6d2e1a0b99", email: "c@staff.test", display_name: "C", role: "compliance", permissions: ROLE_PERMISSIONS.compliance });
      if (path === "/documents") return envelope(200, { items: [image, statement], next_cursor: null });
      if (path === `/players/${PLAYER_ID}/documents` && player) return envelope(200, player);
      if (path.endsWith("/file"))
        return new Response(path.includes(PDF_ID) ? "%PDF-1.7" : "jpeg-bytes", { status: 200, headers: { "content-type": path.includes(PDF_ID) ? "application/pdf" : "image/jpeg" } });
      if (request.method === "POST") return envelope(answers[0]?.status ?? 500, answers.shift()?.body ?? { code: "INTERNAL_ERROR", message: "x" });
      return envelope(404, { code: "NOT_FOUND", message: "no route" });
    }),
  );
  return { calls, posts: () => calls.filter((c) => c.method === "POST") };
}

function renderAt(path: string, element: ReactNode) {
  startStaffSession("test-token");
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/documents", element }, { path: "/players/:id", element }], { initialEntries: [path] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  // jsdom has no object URLs: the viewer's blob becomes a recognisable fake one.
  URL.createObjectURL = vi.fn(() => "blob:fake-document");
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endStaffSession();
});

describe("Documents queue", () => {
  it("lists pending documents; the viewer shows the fetched image with the staff bearer; reject needs a reason that is sent", async () => {
    const api = fakeApi([{ status: 200, body: { ...image, status: "rejected", comments: [] } }]);
    renderAt("/documents", <DocumentsPage />);
    const row = await screen.findByRole("row", { name: /jane@example.com.*Passport/ });
    expect(api.calls.find((c) => c.path.startsWith("/documents?"))?.path).toContain("status=pending");
    fireEvent.click(row);

    const drawer = await screen.findByRole("dialog", { name: "Passport" });
    const img = await within(drawer).findByRole("img", { name: "Document passport.jpg" });
    expect(img.getAttribute("src")).toBe("blob:fake-document");
    expect(api.calls.find((c) => c.path === `/documents/${IMAGE_ID}/file`)?.authorization).toBe("Bearer test-token");

    fireEvent.click(within(drawer).getByRole("button", { name: "Reject…" }));
    const dialog = await screen.findByRole("dialog", { name: "Reject this passport?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject document" }));
    expect(await within(dialog).findByText("A reason is required.")).toBeTruthy();
    expect(api.posts()).toHaveLength(0);

    fireEvent.change(within(dialog).getByLabelText("Reason"), { target: { value: "Blurred photo" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Reject document" }));
    await waitFor(() => expect(api.posts()).toEqual([expect.objectContaining({ path: `/documents/${IMAGE_ID}/reject`, body: { reason: "Blurred photo" } })]));
  });

  it("shows a PDF in a sandboxed iframe", async () => {
    fakeApi();
    renderAt("/documents", <DocumentsPage />);
    fireEvent.click(await screen.findByRole("row", { name: /Proof of address/ }));
    const drawer = await screen.findByRole("dialog", { name: "Proof of address" });
    const frame = await waitFor(() => {
      const found = drawer.querySelector("iframe");
      if (!found) throw new Error("no iframe yet");
      return found;
    });
    expect(frame.getAttribute("sandbox")).toBe("");
    expect(frame.getAttribute("src")).toBe("blob:fake-document");
  });
});

describe("Player Documents tab", () => {
  it("says what is still missing and approves with an optional note", async () => {
    const api = fakeApi([{ status: 200, body: { ...statement, status: "approved" } }], { is_verified: false, missing: ["proof_of_address"], items: [statement] });
    renderAt(`/players/${PLAYER_ID}`, <PlayerDocumentsTab playerId={PLAYER_ID} canDecide />);
    expect(await screen.findByText(/Still needed: proof of address/)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Review Proof of address" }));
    const drawer = await screen.findByRole("dialog", { name: "Proof of address" });
    fireEvent.click(within(drawer).getByRole("button", { name: "Approve…" }));
    const dialog = await screen.findByRole("dialog", { name: "Approve this proof of address?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Approve document" }));
    await waitFor(() => expect(api.posts()).toEqual([expect.objectContaining({ path: `/documents/${PDF_ID}/approve`, body: {} })]));
  });

  it("offers no decision without the permission", async () => {
    fakeApi([], { is_verified: true, missing: [], items: [image] });
    renderAt(`/players/${PLAYER_ID}`, <PlayerDocumentsTab playerId={PLAYER_ID} canDecide={false} />);
    expect(await screen.findByText("Verified.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "View Passport" }));
    const drawer = await screen.findByRole("dialog", { name: "Passport" });
    expect(within(drawer).queryByRole("button", { name: "Approve…" })).toBeNull();
  });
});
