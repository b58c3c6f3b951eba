import type { RealityCheckSummary } from "@croupier/contract/entities/reality-check";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientAuth } from "../../lib/client-auth";
import { RealityCheckDialog } from "./reality-check-dialog";

const PLAYER = "20000000-0000-4000-8000-000000000001";
const due: RealityCheckSummary = {
  interval_minutes: 60,
  started_at: "2026-01-01T10:00:00.000Z",
  elapsed_seconds: 3900,
  next_due_at: "2026-01-01T11:00:00.000Z",
  due: true,
  results: [{ currency: "USD", stakes: "25", wins: "12.5", net: "-12.5" }],
};
const answered: RealityCheckSummary = { ...due, due: false, next_due_at: "2999-01-01T00:00:00.000Z" };

const server = { summary: due, calls: [] as { method: string; url: string; body: string }[] };

beforeEach(() => {
  server.summary = due;
  server.calls = [];
  vi.stubGlobal("fetch", async (request: Request) => {
    const url = new URL(request.url).pathname;
    server.calls.push({ method: request.method, url, body: await request.text() });
    const payload = url.endsWith("/acknowledge") ? answered : server.summary;
    return new Response(JSON.stringify({ status: "ok", payload, metadata: { request_id: "t" } }), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  });
  clientAuth.registerSession({ accessToken: async () => "token", unauthorized: () => undefined });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderDialog(onLeave = vi.fn()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <RealityCheckDialog userId={PLAYER} onLeave={onLeave} />
    </QueryClientProvider>,
  );
  return onLeave;
}

describe("RealityCheckDialog", () => {
  it("shows time played and the net result when a check is due; Escape does not dismiss it; Continue answers it", async () => {
    renderDialog();
    const dialog = await screen.findByRole("alertdialog", { name: "Reality check" });
    expect(dialog.textContent).toContain("1 h 05 min");
    expect(dialog.textContent).toContain("-12.5 USD");
    expect(dialog.textContent).toContain("staked 25, won 12.5");
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.getByRole("alertdialog")).toBeTruthy();

    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    const ack = server.calls.find((c) => c.url.endsWith("/acknowledge"));
    expect(JSON.parse(ack!.body)).toEqual({ action: "continue" });
  });

  it("Leave answers and leaves the game", async () => {
    const onLeave = renderDialog();
    await screen.findByRole("alertdialog");
    fireEvent.click(screen.getByRole("button", { name: "Leave" }));
    await waitFor(() => expect(onLeave).toHaveBeenCalledTimes(1));
    expect(JSON.parse(server.calls.find((c) => c.url.endsWith("/acknowledge"))!.body)).toEqual({ action: "leave" });
  });

  it("shows nothing while no check is due", async () => {
    server.summary = answered;
    renderDialog();
    await waitFor(() => expect(server.calls.length).toBe(1));
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });
});
