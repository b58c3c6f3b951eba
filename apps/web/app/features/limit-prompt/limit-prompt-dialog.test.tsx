import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LimitPromptDialog } from "./limit-prompt-dialog";

const PLAYER = "20000000-0000-4000-8000-000000000001";
const GBP = "30000000-0000-4000-8000-000000000002";

type Call = { method: string; path: string; body: unknown };
let calls: Call[];

/** A fake API: the profile's currency, the limits PUT, and the prompt's answer (or an error). */
function serve(putLimit: { status: number; message?: string } = { status: 200 }) {
  vi.stubGlobal("fetch", async (request: Request) => {
    const url = new URL(request.url);
    const text = request.method === "GET" ? "" : await request.text();
    const call = {
      method: request.method,
      path: url.pathname.replace("/api/v1", ""),
      body: text ? JSON.parse(text) : undefined,
    };
    calls.push(call);
    let status = 200;
    let payload: unknown = null;
    if (call.path === "/profile") payload = { currency: "GBP", currency_guid: GBP };
    else if (call.path === "/responsible-gaming/limits") {
      status = putLimit.status;
      payload =
        status === 200 ? { outcome: "applied" } : { code: "VALIDATION_ERROR", message: putLimit.message, fields: [] };
    } else if (call.path === "/responsible-gaming/limit-prompt") {
      const answer = (call.body as { answer: string }).answer;
      payload = { show: false, required: true, answer, answered_at: "2026-11-25T10:00:00.000Z" };
    }
    const envelope = { status: status === 200 ? "ok" : "error", payload, metadata: { request_id: "t" } };
    return new Response(JSON.stringify(envelope), { status, headers: { "content-type": "application/json" } });
  });
}

function show(required: boolean, onClose = vi.fn()) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LimitPromptDialog userId={PLAYER} required={required} onClose={onClose} />
    </QueryClientProvider>,
  );
  return onClose;
}

beforeEach(() => {
  calls = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("deposit-limit prompt", () => {
  it("sets a deposit limit in the account's currency, then records the answer", async () => {
    serve();
    show(true);
    const amount = await screen.findByLabelText("Amount (GBP)");
    fireEvent.change(amount, { target: { value: "150" } });
    fireEvent.change(screen.getByLabelText("Period"), { target: { value: "month" } });
    fireEvent.click(screen.getByRole("button", { name: "Set my deposit limit" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/responsible-gaming/limit-prompt")).toBe(true));
    expect(calls.filter((c) => c.method !== "GET")).toEqual([
      {
        method: "PUT",
        path: "/responsible-gaming/limits",
        body: { limit_type: "deposit", period: "month", currency_guid: GBP, amount: "150" },
      },
      { method: "POST", path: "/responsible-gaming/limit-prompt", body: { answer: "limit_set" } },
    ]);
  });

  it("records the explicit choice of no limit", async () => {
    serve();
    show(true);
    fireEvent.click(await screen.findByRole("button", { name: "No limit for now" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "POST")).toEqual([
        { method: "POST", path: "/responsible-gaming/limit-prompt", body: { answer: "declined" } },
      ]),
    );
  });

  it("refuses an amount that is not one before calling anything, and shows the server's refusal", async () => {
    serve({ status: 400, message: "The amount has too many decimals for GBP." });
    show(true);
    const amount = await screen.findByLabelText("Amount (GBP)");
    fireEvent.change(amount, { target: { value: "ten" } });
    fireEvent.click(screen.getByRole("button", { name: "Set my deposit limit" }));
    expect(await screen.findByText("Enter an amount such as 100 or 250.50.")).toBeTruthy();
    expect(calls.filter((c) => c.method !== "GET")).toEqual([]);
    fireEvent.change(amount, { target: { value: "10" } });
    fireEvent.click(screen.getByRole("button", { name: "Set my deposit limit" }));
    expect(await screen.findByText("The amount has too many decimals for GBP.")).toBeTruthy();
    expect(calls.some((c) => c.path === "/responsible-gaming/limit-prompt")).toBe(false);
  });

  it("cannot be escaped where an answer is required, and can be closed where it is only offered", async () => {
    serve();
    const requiredClose = show(true);
    await screen.findByLabelText("Amount (GBP)");
    expect(screen.queryByRole("button", { name: "Ask me later" })).toBeNull();
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(requiredClose).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog")).toBeTruthy();
    cleanup();
    const offeredClose = show(false);
    fireEvent.click(await screen.findByRole("button", { name: "Ask me later" }));
    expect(offeredClose).toHaveBeenCalled();
  });
});
