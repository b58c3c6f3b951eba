import type { PlayerDetail } from "@croupier/contract/backoffice/players";
import { ROLE_PERMISSIONS, type StaffRole } from "@croupier/contract/staff-permissions";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endStaffSession, startStaffSession } from "../lib/staff-session";
import PlayerPage from "./player";

const PLAYER_ID = "6f1c1f5e-8d53-4a55-9d39-1e0c1d0e2a11";

const detail = (status: "active" | "locked" = "active"): PlayerDetail => ({
  profile: {
    id: PLAYER_ID,
    email: "jane@example.com",
    first_name: "Jane",
    last_name: "Doe",
    gender: null,
    phone: "+44 7700900123",
    country: { iso2: "gb", name: "United Kingdom" },
    city: null,
    post_code: null,
    address: null,
    birthday: "1990-04-01",
    currency: "USD",
    status,
    status_reason: status === "locked" ? "chargeback" : null,
    email_verified: true,
    identity_verified: false,
    phone_verified: false,
    login_type: "password",
    opt_in_promo: false,
    created_at: "2026-11-20T10:00:00.000000Z",
    last_login_at: "2026-11-25T06:00:00.000000Z",
  },
  wallets: [
    {
      id: "0d7a4a39-4c8e-4d0c-8a4c-2c7f3f3c0b11",
      currency: "USD",
      decimals: 2,
      cash: "107",
      bonus: "0",
      deferred_bonus: "0",
      wager: "0",
      active: true,
      status: "active",
    },
  ],
  counts: { deposits: 1, withdrawals: 0, game_transactions: 2, sessions: 1, live_sessions: 1, notes: 0 },
});

type Call = { method: string; path: string; body: unknown };

/** A back-office API in memory: the staff member of `role`, one player, and what the page posts. */
function fakeApi(role: StaffRole, lockAnswer?: { status: number; body: unknown }) {
  const calls: Call[] = [];
  let player = detail();
  const envelope = (payload: unknown, status = 200) =>
    new Response(
      JSON.stringify(
        status < 400
          ? { status: "ok", payload, metadata: { request_id: "r" } }
          : { status: "error", payload, metadata: { request_id: "r" } },
      ),
      {
        status,
        headers: { "content-type": "application/json" },
      },
    );
  const fetch = vi.fn(async (request: Request) => {
    const url = new URL(request.url);
    const path = url.pathname.replace("/api/backoffice/v1", "");
    const body = request.method === "POST" ? await request.json() : undefined;
    calls.push({ method: request.method, path, body });
    if (path === "/me")
      return envelope({
        id: "5b0c2a8e-1f1e-4c3a-9a55-0f1e2d3c4b5a",
        email: `${role}@staff.test`,
        display_name: "Sam",
        role,
        permissions: ROLE_PERMISSIONS[role],
      });
    if (path === `/players/${PLAYER_ID}`) return envelope(player);
    if (path.startsWith(`/players/${PLAYER_ID}/`) && request.method === "GET")
      return envelope({ items: [], next_cursor: null });
    if (path === `/players/${PLAYER_ID}/lock`) {
      if (lockAnswer) return envelope(lockAnswer.body, lockAnswer.status);
      player = detail("locked");
      return envelope({
        status: "locked",
        status_reason: (body as { reason: string }).reason,
        changed: true,
        sessions_ended: 1,
      });
    }
    if (path === `/players/${PLAYER_ID}/notes`)
      return envelope({
        id: "1",
        text: (body as { text: string }).text,
        author_email: `${role}@staff.test`,
        created_at: "2026-11-25T07:00:00.000000Z",
      });
    if (path === `/players/${PLAYER_ID}/end-sessions`) return envelope({ sessions_ended: 1 });
    return envelope({ code: "NOT_FOUND", message: "no route" }, 404);
  });
  vi.stubGlobal("fetch", fetch);
  return { calls };
}

async function renderPage() {
  startStaffSession("test-token");
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/players/:id", Component: PlayerPage }], {
    initialEntries: [`/players/${PLAYER_ID}`],
  });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // The console layout loads /me before any page; here the page waits for it (the tabs follow the role).
  await screen.findAllByRole("tab");
  return router;
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endStaffSession();
});

describe("player page", () => {
  it("shows the profile and every tab, and the actions support may use", async () => {
    fakeApi("support");
    await renderPage();
    await screen.findByRole("heading", { name: "Jane Doe" });
    const tabs = within(screen.getByRole("tablist", { name: "Player sections" })).getAllByRole("tab");
    expect(tabs.map((t) => t.textContent)).toEqual([
      "Profile",
      "Wallets and ledger",
      "Payments",
      "Game rounds",
      "Sessions",
      "Notes",
      "Exclusions",
      "Limits",
    ]);
    // Documents need documents.review, which support does not have.
    expect(tabs.map((t) => t.textContent)).not.toContain("Documents");
    expect(screen.getByText("United Kingdom (GB)")).toBeTruthy();
    for (const name of ["Lock", "End sessions", "Send password reset"])
      expect(screen.getByRole("button", { name })).toBeTruthy();
  });

  it("hides lock, end sessions and reset from a role without players.manage, but lets it write notes", async () => {
    fakeApi("finance");
    const router = await renderPage();
    await screen.findByRole("heading", { name: "Jane Doe" });
    await waitFor(() => expect(screen.queryByRole("button", { name: "Lock" })).toBeNull());
    expect(screen.queryByRole("button", { name: "End sessions" })).toBeNull();
    await router.navigate(`/players/${PLAYER_ID}?tab=notes`);
    await screen.findByRole("textbox", { name: "Add a note" });
  });

  it("locks with the reason the player will read, then shows the player locked", async () => {
    const { calls } = fakeApi("support");
    await renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Lock" }));
    const dialog = await screen.findByRole("dialog", { name: "Lock this player" });
    const submit = within(dialog).getByRole("button", { name: "Lock player" }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText("Reason (shown to the player)"), {
      target: { value: "chargeback" },
    });
    fireEvent.click(submit);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.find((c) => c.method === "POST")).toEqual({
      method: "POST",
      path: `/players/${PLAYER_ID}/lock`,
      body: { reason: "chargeback" },
    });
    await screen.findByRole("button", { name: "Unlock" });
    expect(screen.getAllByText("Locked").length).toBeGreaterThan(0);
  });

  it("shows the server's field error on the reason and keeps the dialog open", async () => {
    fakeApi("support", {
      status: 400,
      body: {
        code: "VALIDATION_ERROR",
        message: "Invalid input: body.reason",
        fields: [{ field: "body.reason", message: "must be one line" }],
      },
    });
    await renderPage();
    fireEvent.click(await screen.findByRole("button", { name: "Lock" }));
    const dialog = await screen.findByRole("dialog", { name: "Lock this player" });
    fireEvent.change(within(dialog).getByLabelText("Reason (shown to the player)"), {
      target: { value: "bad reason" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Lock player" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("must be one line");
    expect(screen.getByRole("dialog", { name: "Lock this player" })).toBeTruthy();
  });

  it("adds a note and clears the form; ends sessions only after the confirmation", async () => {
    const { calls } = fakeApi("support");
    const router = await renderPage();
    await router.navigate(`/players/${PLAYER_ID}?tab=notes`);
    const box = await screen.findByRole("textbox", { name: "Add a note" });
    fireEvent.change(box, { target: { value: "Called the player." } });
    fireEvent.click(screen.getByRole("button", { name: "Add note" }));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(""));
    expect(calls.filter((c) => c.method === "POST")).toEqual([
      { method: "POST", path: `/players/${PLAYER_ID}/notes`, body: { text: "Called the player." } },
    ]);

    fireEvent.click(screen.getByRole("button", { name: "End sessions" }));
    const confirm = await screen.findByRole("dialog", { name: "End every session?" });
    expect(calls.filter((c) => c.path.endsWith("/end-sessions"))).toEqual([]);
    fireEvent.click(within(confirm).getByRole("button", { name: "End sessions" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.path.endsWith("/end-sessions"))).toHaveLength(1);
  });
});
