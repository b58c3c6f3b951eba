import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startStaffSession } from "../lib/staff-session";
import StaffPage from "./staff";

const ME = { id: "11111111-1111-4111-8111-111111111111", email: "ada@croupier.test", display_name: "Ada Admin", role: "admin", permissions: ["self", "staff.manage"] };
const member = (over: Record<string, unknown>) => ({
  id: "22222222-2222-4222-8222-222222222222",
  email: "sam@croupier.test",
  display_name: "Sam Support",
  role: "support",
  status: "active",
  two_factor_enrolled: true,
  created_at: "2026-11-02T10:00:00Z",
  last_seen_at: null,
  ...over,
});

const envelope = (status: number, payload: unknown) =>
  new Response(JSON.stringify({ status: status < 400 ? "ok" : "error", payload, metadata: { request_id: "r" } }), { status, headers: { "content-type": "application/json" } });

let calls: { method: string; path: string; body: unknown }[];
let sam: ReturnType<typeof member>;

beforeEach(() => {
  calls = [];
  sam = member({});
  startStaffSession("tok");
  vi.stubGlobal("fetch", async (request: Request) => {
    const path = new URL(request.url).pathname.replace("/api/backoffice/v1", "");
    const body = request.method === "GET" ? undefined : await request.json().catch(() => undefined);
    calls.push({ method: request.method, path, body });
    if (path === "/me") return envelope(200, ME);
    if (path === "/staff" && request.method === "GET") return envelope(200, { items: [member({ ...ME, status: "active", two_factor_enrolled: true }), sam], next_cursor: null });
    if (path === "/staff" && request.method === "POST")
      return envelope(400, { code: "VALIDATION_ERROR", message: "Check the fields.", fields: [{ field: "body.password", message: "Too small: expected string to have >=12 characters" }] });
    if (path === `/staff/${sam.id}` && request.method === "PATCH") {
      sam = member({ ...sam, ...(body as object) });
      return envelope(200, sam);
    }
    return envelope(404, { code: "NOT_FOUND", message: "no" });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderPage() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <StaffPage />
    </QueryClientProvider>,
  );
}

describe("Staff page", () => {
  it("lists staff; the signed-in admin cannot act on themselves", async () => {
    renderPage();
    const table = await screen.findByRole("table", { name: "Staff members" });
    await within(table).findByText("Sam Support");
    const rows = within(table).getAllByRole("row");
    expect(within(rows[1]!).getByText("That is you")).toBeTruthy();
    expect(within(rows[1]!).queryByRole("button", { name: "Disable" })).toBeNull();
    expect(within(rows[2]!).getByRole("button", { name: "Disable" })).toBeTruthy();
  });

  it("disables a staff member only after confirming, and the list follows", async () => {
    renderPage();
    await screen.findByText("Sam Support");
    fireEvent.click(screen.getByRole("button", { name: "Disable" }));
    const dialog = await screen.findByRole("dialog", { name: "Disable Sam Support?" });
    expect(calls.some((call) => call.method === "PATCH")).toBe(false);
    fireEvent.click(within(dialog).getByRole("button", { name: "Disable" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((call) => call.method === "PATCH")).toEqual({ method: "PATCH", path: `/staff/${sam.id}`, body: { status: "disabled" } });
    await screen.findByRole("button", { name: "Enable" });
  });

  it("shows the server's field error in the new staff member form", async () => {
    renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "New staff member" }));
    const dialog = await screen.findByRole("dialog", { name: "New staff member" });
    fireEvent.change(within(dialog).getByLabelText("Email"), { target: { value: "new@croupier.test" } });
    fireEvent.change(within(dialog).getByLabelText("Name"), { target: { value: "New Person" } });
    fireEvent.change(within(dialog).getByLabelText("Role"), { target: { value: "finance" } });
    fireEvent.change(within(dialog).getByLabelText("First password"), { target: { value: "short" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Create" }));
    await within(dialog).findByText("Too small: expected string to have >=12 characters");
    expect(within(dialog).getByLabelText("First password").getAttribute("aria-invalid")).toBe("true");
    expect(calls.find((call) => call.method === "POST")?.body).toEqual({ email: "new@croupier.test", display_name: "New Person", role: "finance", password: "short" });
  });
});
