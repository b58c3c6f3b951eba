import type { PlayerSegments, SegmentMember, SegmentRow } from "@croupier/contract/backoffice/segments";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endStaffSession, startStaffSession } from "../../lib/staff-session";
import { PlayerSegmentsTab } from "./player-segments-tab";
import { SegmentEditor } from "./segment-editor";
import { SegmentMembers } from "./segment-members";
import { describeRule } from "./segment-rules";

const SEGMENT = "9b2d6c1e-0a8b-4f1e-9a61-3c5e7f0b2d44";
const PLAYER = "3c1b7a52-2f0e-4c1d-9a8b-6e5d4c3b2a10";
const PAYMENT_SEGMENT = "7d1f3a52-2f0e-4c1d-9a8b-6e5d4c3b2a11";

type Call = { method: string; path: string; body: unknown };

const envelope = (status: number, body: unknown, metadata: Record<string, unknown> = {}) =>
  new Response(
    JSON.stringify({
      status: status < 400 ? "ok" : "error",
      payload: body,
      metadata: { request_id: "r", ...metadata },
    }),
    {
      status,
      headers: { "content-type": "application/json" },
    },
  );

function fakeApi(answers: Record<string, { status: number; body: unknown; metadata?: Record<string, unknown> }>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request | string, init?: RequestInit) => {
      const request =
        input instanceof Request
          ? input
          : new Request(new URL(input, "http://localhost"), { ...init, signal: undefined });
      const path = new URL(request.url).pathname.replace("/api/backoffice/v1", "");
      const text = request.method === "GET" || request.method === "DELETE" ? "" : await request.text();
      calls.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
      const answer = answers[`${request.method} ${path}`];
      return answer
        ? envelope(answer.status, answer.body, answer.metadata)
        : envelope(404, { code: "NOT_FOUND", message: "no route" });
    }),
  );
  return { writes: () => calls.filter((c) => c.method !== "GET") };
}

function renderWith(element: ReactNode) {
  startStaffSession("test-token");
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path: "/", element }], { initialEntries: ["/"] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  endStaffSession();
});

const row = (overrides: Partial<SegmentRow> = {}): SegmentRow => ({
  guid: SEGMENT,
  name: "VIP",
  group_name: "Value",
  fetch_interval: 0,
  data: { mining_multiplier: 2, colour: "gold" },
  is_default: false,
  rules: [{ kind: "deposits_sum_usd", min: "1000" }],
  payment_segment_guid: null,
  payment_segment_name: null,
  rule_members: 3,
  manual_members: 1,
  created_at: "2026-11-28T00:00:00.000Z",
  updated_at: "2026-11-28T00:00:00.000Z",
  ...overrides,
});

describe("segment editor", () => {
  it("sends the rules, the payment link and the data (other keys kept), and previews matches", async () => {
    const api = fakeApi({
      "GET /payment-segments": { status: 200, body: [{ guid: PAYMENT_SEGMENT, code: "vip", name: "VIP" }] },
      "POST /segments/preview": { status: 200, body: { players: 7 } },
      [`PUT /segments/${SEGMENT}`]: { status: 200, body: row() },
    });
    const saved = vi.fn();
    renderWith(<SegmentEditor segment={row()} onSaved={saved} />);
    await screen.findByRole("option", { name: "VIP (vip)" });
    fireEvent.change(screen.getByLabelText("Payment segment"), { target: { value: PAYMENT_SEGMENT } });
    fireEvent.click(screen.getByRole("button", { name: "Add a rule" }));
    fireEvent.change(screen.getByLabelText("Rule 2"), { target: { value: "registered_days" } });
    fireEvent.change(screen.getByLabelText("Rule 2: comparison"), { target: { value: "gte" } });
    fireEvent.change(screen.getByLabelText("Rule 2: days"), { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview matches" }));
    await screen.findByText("7 players match these rules now.");
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => expect(saved).toHaveBeenCalled());
    const rules = [
      { kind: "deposits_sum_usd", min: "1000" },
      { kind: "registered_days", op: "gte", days: 30 },
    ];
    expect(api.writes()).toEqual([
      { method: "POST", path: "/segments/preview", body: { rules } },
      {
        method: "PUT",
        path: `/segments/${SEGMENT}`,
        body: {
          name: "VIP",
          group_name: "Value",
          fetch_interval: 0,
          is_default: false,
          data: { colour: "gold", mining_multiplier: 2 },
          rules,
          payment_segment_guid: PAYMENT_SEGMENT,
        },
      },
    ]);
  });

  it("shows the server's field error next to the field", async () => {
    fakeApi({
      "GET /payment-segments": { status: 200, body: [] },
      "POST /segments": {
        status: 400,
        body: {
          code: "VALIDATION_ERROR",
          message: "A segment with this name exists.",
          fields: [{ field: "body.name", message: "already used" }],
        },
      },
    });
    renderWith(<SegmentEditor segment={null} onSaved={() => {}} />);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "VIP" } });
    fireEvent.change(screen.getByLabelText("Group"), { target: { value: "Value" } });
    fireEvent.click(screen.getByRole("button", { name: "Create segment" }));
    expect(await screen.findByText("already used")).toBeTruthy();
    expect(screen.getByLabelText("Name").getAttribute("aria-invalid")).toBe("true");
  });

  it("describes every rule kind in words", () => {
    expect(describeRule({ kind: "country", countries: ["gb", "mt"] })).toBe("Country is GB, MT");
    expect(describeRule({ kind: "registered_days", op: "lte", days: 1 })).toBe("Registered at most 1 day ago");
    expect(describeRule({ kind: "tag", tag: "vip" })).toBe("Tagged “vip”");
  });
});

describe("segment members", () => {
  const member: SegmentMember = {
    player_guid: PLAYER,
    email: "p@example.com",
    first_name: "Pat",
    last_name: null,
    source: "manual",
    created_at: "2026-11-28T00:00:00.000Z",
  };

  it("refuses a text that is not a player id, adds one by id, and shows a refused removal's reason", async () => {
    const api = fakeApi({
      [`GET /segments/${SEGMENT}/members`]: {
        status: 200,
        body: [member],
        metadata: { page: 1, per_page: 25, total: 1 },
      },
      [`PUT /segments/${SEGMENT}/members/${PLAYER}`]: { status: 200, body: member },
      [`DELETE /segments/${SEGMENT}/members/${PLAYER}`]: {
        status: 409,
        body: {
          code: "CONFLICT",
          message: "The segment's rules match this player; change the rules or the player's tags instead.",
        },
      },
    });
    renderWith(<SegmentMembers segmentGuid={SEGMENT} />);
    const table = await screen.findByRole("table", { name: "Members" });
    expect(within(table).getByRole("cell", { name: "p@example.com" })).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Player id"), { target: { value: "not-an-id" } });
    fireEvent.click(screen.getByRole("button", { name: "Add player" }));
    expect(await screen.findByText(/Paste the player's id/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Player id"), { target: { value: PLAYER } });
    fireEvent.click(screen.getByRole("button", { name: "Add player" }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    fireEvent.click(screen.getByRole("button", { name: "Remove p@example.com" }));
    expect(await screen.findByText(/rules match this player/)).toBeTruthy();
    expect(api.writes().map((w) => `${w.method} ${w.path}`)).toEqual([
      `PUT /segments/${SEGMENT}/members/${PLAYER}`,
      `DELETE /segments/${SEGMENT}/members/${PLAYER}`,
    ]);
  });
});

describe("player segments tab", () => {
  const state: PlayerSegments = {
    segments: [
      { guid: SEGMENT, name: "VIP", group_name: "Value", source: "rule", created_at: "2026-11-28T00:00:00.000Z" },
    ],
    tags: [{ tag: "whale", created_at: "2026-11-28T00:00:00.000Z" }],
  };

  it("lists memberships and tags; adds a lower-cased tag and removes one", async () => {
    const api = fakeApi({
      [`GET /players/${PLAYER}/segments`]: { status: 200, body: state },
      [`PUT /players/${PLAYER}/tags/high-roller`]: {
        status: 200,
        body: { ...state, tags: [...state.tags, { tag: "high-roller", created_at: "2026-11-28T00:00:00.000Z" }] },
      },
      [`DELETE /players/${PLAYER}/tags/whale`]: { status: 200, body: { segments: [], tags: [] } },
    });
    renderWith(<PlayerSegmentsTab playerId={PLAYER} canWrite />);
    expect(await screen.findByText("VIP")).toBeTruthy();
    fireEvent.change(screen.getByLabelText("New tag"), { target: { value: "High-Roller" } });
    fireEvent.click(screen.getByRole("button", { name: "Add tag" }));
    await within(screen.getByRole("list", { name: "Player tags" })).findByText("high-roller");
    fireEvent.click(screen.getByRole("button", { name: "Remove the tag whale" }));
    await screen.findByText("In no segment (the default segments apply).");
    expect(api.writes().map((w) => `${w.method} ${w.path}`)).toEqual([
      `PUT /players/${PLAYER}/tags/high-roller`,
      `DELETE /players/${PLAYER}/tags/whale`,
    ]);
  });

  it("shows no tag controls without the write permission", async () => {
    fakeApi({ [`GET /players/${PLAYER}/segments`]: { status: 200, body: state } });
    renderWith(<PlayerSegmentsTab playerId={PLAYER} canWrite={false} />);
    await screen.findByText("VIP");
    expect(screen.queryByRole("button", { name: "Add tag" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Remove the tag whale" })).toBeNull();
  });
});
