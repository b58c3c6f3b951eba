import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { PlayerLimit } from "@croupier/contract/entities/limits";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LimitsView } from "./limits-view";
import { formatCountdown } from "./limit-text";

vi.mock("../../lib/use-auth", () => ({ useAuth: () => ({ userId: "20000000-0000-4000-8000-000000000001", authenticated: true }) }));
const toasts = vi.hoisted(() => ({ success: [] as string[], error: [] as string[] }));
vi.mock("../../lib/toasts", () => ({
  toastSuccess: (message: string) => toasts.success.push(message),
  toastError: (message: string) => toasts.error.push(message),
  toastServerError: () => undefined,
}));

const USD = { guid: "30000000-0000-4000-8000-000000000001", code: "USD", decimals: 2 };
const HOUR = 3_600_000;

const limit = (over: Partial<PlayerLimit>): PlayerLimit => ({
  guid: "50000000-0000-4000-8000-000000000001",
  limit_type: "deposit",
  period: "day",
  currency_guid: USD.guid,
  currency_code: "USD",
  decimals: 2,
  amount: "100",
  minutes: null,
  used: "60",
  remaining: "40",
  used_minutes: null,
  pending: null,
  created_at: new Date().toISOString(),
  updated_at: new Date().toISOString(),
  ...over,
});

type Call = { method: string; path: string; body: unknown };
let calls: Call[];
let answers: Record<string, { status: number; body: unknown }>;

function serve() {
  vi.stubGlobal("fetch", async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === "GET" ? "" : await request.text();
    calls.push({ method: request.method, path: url.pathname, body: text ? JSON.parse(text) : undefined });
    const answer = answers[`${request.method} ${url.pathname}`] ?? { status: 404, body: { status: "error", payload: { code: "NOT_FOUND", message: "No such endpoint" }, metadata: { request_id: "t" } } };
    return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
  });
}
const ok = (payload: unknown) => ({ status: 200, body: { status: "ok", payload, metadata: { request_id: "t" } } });

function show() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LimitsView currencies={[USD]} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  calls = [];
  toasts.success = [];
  toasts.error = [];
  answers = {};
  serve();
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the limits page", () => {
  it("shows each limit with its usage as a progress bar, and empty groups", async () => {
    answers["GET /api/v1/responsible-gaming/limits"] = ok({ limits: [limit({})], cooling_off_hours: 24 });
    show();
    const bar = await screen.findByRole("progressbar", { name: /daily deposit limit · usd used/i });
    expect(bar.getAttribute("aria-valuenow")).toBe("60");
    expect(bar.getAttribute("aria-valuetext")).toContain("40.00 USD left");
    expect(screen.getByText("100.00 USD")).toBeTruthy();
    expect(screen.getByText(/no loss limit set/i)).toBeTruthy();
  });

  it("shows a pending increase with a countdown and keeps Confirm disabled until it is due", async () => {
    const effective = new Date(Date.now() + 23 * HOUR).toISOString();
    answers["GET /api/v1/responsible-gaming/limits"] = ok({
      limits: [limit({ pending: { amount: "200", minutes: null, removal: false, requested_at: new Date(Date.now() - HOUR).toISOString(), effective_at: effective, confirmable: false } })],
      cooling_off_hours: 24,
    });
    show();
    expect(await screen.findByText(/increase to 200.00 usd pending/i)).toBeTruthy();
    const timer = screen.getByRole("timer");
    expect(timer.textContent).toMatch(/^2[23]:\d\d:\d\d$/);
    expect((screen.getByRole("button", { name: "Confirm" }) as HTMLButtonElement).disabled).toBe(true);
  });

  it("confirms a change that is due and tells the player", async () => {
    const guid = "50000000-0000-4000-8000-000000000001";
    answers["GET /api/v1/responsible-gaming/limits"] = ok({
      limits: [limit({ pending: { amount: "200", minutes: null, removal: false, requested_at: new Date(Date.now() - 25 * HOUR).toISOString(), effective_at: new Date(Date.now() - HOUR).toISOString(), confirmable: true } })],
      cooling_off_hours: 24,
    });
    answers[`POST /api/v1/responsible-gaming/limits/${guid}/confirm`] = ok({ limit: limit({ amount: "200", remaining: "140" }) });
    show();
    const button = await screen.findByRole("button", { name: "Confirm" });
    expect((button as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(button);
    await waitFor(() => expect(toasts.success).toContain("Your limit is now 200.00 USD."));
    expect(calls.some((c) => c.method === "POST" && c.path.endsWith("/confirm"))).toBe(true);
  });

  it("validates the amount before sending and sends a valid limit", async () => {
    answers["GET /api/v1/responsible-gaming/limits"] = ok({ limits: [], cooling_off_hours: 24 });
    answers["PUT /api/v1/responsible-gaming/limits"] = ok({
      outcome: "pending",
      limit: limit({ pending: { amount: "500", minutes: null, removal: false, requested_at: new Date().toISOString(), effective_at: new Date(Date.now() + 24 * HOUR).toISOString(), confirmable: false } }),
    });
    show();
    const form = (await screen.findByRole("heading", { name: "Set a limit" })).closest("section")!;
    const amount = within(form).getByLabelText("Amount (USD)");
    fireEvent.change(amount, { target: { value: "10.555" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save limit" }));
    expect((await within(form).findByRole("alert")).textContent).toContain("at most 2 decimal places");
    expect(calls.filter((c) => c.method === "PUT")).toHaveLength(0);

    fireEvent.change(amount, { target: { value: "500" } });
    fireEvent.change(within(form).getByLabelText("Period"), { target: { value: "week" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save limit" }));
    await waitFor(() => expect(toasts.success[0]).toMatch(/increase to 500.00 USD is pending/));
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ limit_type: "deposit", period: "week", currency_guid: USD.guid, amount: "500" });
  });

  it("asks before requesting a removal, closes on Escape, and requests it on confirmation", async () => {
    const guid = "50000000-0000-4000-8000-000000000001";
    answers["GET /api/v1/responsible-gaming/limits"] = ok({ limits: [limit({})], cooling_off_hours: 24 });
    answers[`DELETE /api/v1/responsible-gaming/limits/${guid}`] = ok({
      limit: limit({ pending: { amount: null, minutes: null, removal: true, requested_at: new Date().toISOString(), effective_at: new Date(Date.now() + 24 * HOUR).toISOString(), confirmable: false } }),
    });
    show();
    fireEvent.click(await screen.findByRole("button", { name: "Remove" }));
    let dialog = await screen.findByRole("alertdialog", { name: /remove your daily deposit limit/i });
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.some((c) => c.method === "DELETE")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Remove" }));
    dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Request removal" }));
    await waitFor(() => expect(toasts.success[0]).toMatch(/^Removal requested\. You can confirm it from /));
    expect(calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([`/api/v1/responsible-gaming/limits/${guid}`]);
  });

  it("shows the server's refusal", async () => {
    answers["GET /api/v1/responsible-gaming/limits"] = ok({ limits: [], cooling_off_hours: 24 });
    answers["PUT /api/v1/responsible-gaming/limits"] = {
      status: 400,
      body: { status: "error", payload: { code: "BAD_REQUEST", message: "The limit must be greater than zero." }, metadata: { request_id: "t" } },
    };
    show();
    const form = (await screen.findByRole("heading", { name: "Set a limit" })).closest("section")!;
    fireEvent.change(within(form).getByLabelText("Limit"), { target: { value: "session_time" } });
    fireEvent.change(within(form).getByLabelText("Minutes per session"), { target: { value: "3" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save limit" }));
    expect((await within(form).findByRole("alert")).textContent).toContain("between 5 and 1440");
    fireEvent.change(within(form).getByLabelText("Minutes per session"), { target: { value: "90" } });
    fireEvent.click(within(form).getByRole("button", { name: "Save limit" }));
    await waitFor(() => expect(toasts.error).toContain("The limit must be greater than zero."));
  });
});

describe("formatCountdown", () => {
  it("counts hours, minutes and seconds down to zero", () => {
    expect(formatCountdown(24 * HOUR)).toBe("24:00:00");
    expect(formatCountdown(61_500)).toBe("0:01:02");
    expect(formatCountdown(-5)).toBe("0:00:00");
  });
});
