import type { BonusLabel, CampaignDetail } from "@croupier/contract/backoffice/bonuses";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { endStaffSession, startStaffSession } from "../../lib/staff-session";
import BonusLabelsPage from "../../routes/bonus-labels";
import { CampaignStatusActions } from "./campaign-status-actions";

const CAMPAIGN_ID = "9b2d6c1e-0a8b-4f1e-9a61-3c5e7f0b2d44";
const LABEL_ID = "3c1b7a52-2f0e-4c1d-9a8b-6e5d4c3b2a10";

type Call = { method: string; path: string; body: unknown };

const envelope = (status: number, body: unknown) =>
  new Response(
    JSON.stringify({ status: status < 400 ? "ok" : "error", payload: body, metadata: { request_id: "r" } }),
    { status, headers: { "content-type": "application/json" } },
  );

function fakeApi(answers: Record<string, { status: number; body: unknown }>) {
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
      return answer ? envelope(answer.status, answer.body) : envelope(404, { code: "NOT_FOUND", message: "no route" });
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

const campaign = (status: CampaignDetail["status"]) =>
  ({
    bonus_guid: CAMPAIGN_ID,
    status,
    current: { bonus_name: "Welcome bonus", version: 3, start_date: null },
  }) as unknown as CampaignDetail;

describe("Campaign status actions", () => {
  it("offers what the status allows, and nothing once ended", () => {
    fakeApi({});
    renderWith(<CampaignStatusActions campaign={campaign("active")} />);
    expect(screen.getByRole("button", { name: "Pause…" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "End…" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Activate now…" })).toBeNull();
    cleanup();
    renderWith(<CampaignStatusActions campaign={campaign("ended")} />);
    expect(screen.queryByRole("button")).toBeNull();
  });

  it("asks before pausing, and Cancel sends nothing", async () => {
    const api = fakeApi({ [`POST /bonus-campaigns/${CAMPAIGN_ID}/status`]: { status: 200, body: {} } });
    renderWith(<CampaignStatusActions campaign={campaign("active")} />);
    fireEvent.click(screen.getByRole("button", { name: "Pause…" }));
    let dialog = await screen.findByRole("dialog", { name: "Pause the campaign" });
    expect(dialog.textContent).toMatch(/No new grants while paused/);
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(api.writes()).toHaveLength(0);

    fireEvent.click(screen.getByRole("button", { name: "Pause…" }));
    dialog = await screen.findByRole("dialog", { name: "Pause the campaign" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Pause" }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ action: "pause" });
  });

  it("schedules only with a start in the future", async () => {
    const api = fakeApi({});
    renderWith(<CampaignStatusActions campaign={campaign("draft")} />);
    fireEvent.click(screen.getByRole("button", { name: "Schedule…" }));
    const dialog = await screen.findByRole("dialog", { name: "Schedule the campaign" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Schedule" }));
    expect(await within(dialog).findByText("Give the start date and time.")).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText("Starts at"), { target: { value: "2020-01-01T10:00" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Schedule" }));
    expect(await within(dialog).findByText("The start must be in the future.")).toBeTruthy();
    expect(api.writes()).toHaveLength(0);
    const future = new Date(Date.now() + 3 * 86_400_000);
    const local = `${future.getFullYear()}-${String(future.getMonth() + 1).padStart(2, "0")}-${String(future.getDate()).padStart(2, "0")}T09:30`;
    fireEvent.change(within(dialog).getByLabelText("Starts at"), { target: { value: local } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Schedule" }));
    await waitFor(() => expect(api.writes()).toHaveLength(1));
    expect(api.writes()[0]!.body).toEqual({ action: "schedule", start_date: new Date(local).toISOString() });
  });
});

const label: BonusLabel = {
  guid: LABEL_ID,
  name: "Hot",
  icon: null,
  background_color: "#f5b301",
  styles: {},
  campaigns: 2,
  created_at: "2026-11-25T09:00:00.000Z",
  updated_at: "2026-11-25T09:00:00.000Z",
};

describe("Bonus labels page", () => {
  it("adds a label with its styles, and shows why a label in use cannot be deleted", async () => {
    const api = fakeApi({
      "GET /bonus-labels": { status: 200, body: [label] },
      "POST /bonus-labels": {
        status: 200,
        body: { ...label, guid: "4d2c8b63-3a1f-4d2e-8b9c-7f6e5d4c3b21", name: "New" },
      },
      [`DELETE /bonus-labels/${LABEL_ID}`]: {
        status: 409,
        body: { code: "CONFLICT", message: "2 campaigns carry this label at their current version." },
      },
    });
    renderWith(<BonusLabelsPage />);
    expect(await screen.findByRole("cell", { name: "Hot" })).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Add a label" }));
    const add = await screen.findByRole("dialog", { name: "Add a label" });
    fireEvent.change(within(add).getByLabelText("Name"), { target: { value: "New" } });
    fireEvent.change(within(add).getByLabelText("Extra styles (optional)"), { target: { value: "bogus" } });
    fireEvent.click(within(add).getByRole("button", { name: "Add label" }));
    expect(await within(add).findByText("One “property: value” per line.")).toBeTruthy();
    fireEvent.change(within(add).getByLabelText("Extra styles (optional)"), {
      target: { value: "color: #fff;\nfont-weight: 700" },
    });
    fireEvent.click(within(add).getByRole("button", { name: "Add label" }));
    await waitFor(() => expect(screen.queryByRole("dialog", { name: "Add a label" })).toBeNull());
    expect(api.writes()[0]).toMatchObject({
      method: "POST",
      body: { name: "New", icon: null, background_color: "#4f46e5", styles: { color: "#fff", "font-weight": "700" } },
    });

    fireEvent.click(screen.getByRole("button", { name: "Delete Hot" }));
    const remove = await screen.findByRole("dialog", { name: "Delete the label “Hot”?" });
    expect(remove.textContent).toMatch(/2 current campaign version\(s\) carry it/);
    fireEvent.click(within(remove).getByRole("button", { name: "Delete" }));
    expect(await within(remove).findByText("2 campaigns carry this label at their current version.")).toBeTruthy();
  });
});
