import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { RealtimeState } from "@croupier/contract/realtime-client";
import { realtimeEventTypes, type UserBalanceUpdatedEvent } from "@croupier/contract/realtime-events";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bonusesRootKey } from "../features/bonuses/bonuses-api";
import { notificationsRootKey } from "../features/notifications/notifications-api";
import type { RealtimeHandlers } from "../features/realtime/realtime-provider";
import { documentsKey } from "../features/documents/document-events";
import { profileKey } from "../features/identity/profile";
import { currenciesKey, walletsRootKey } from "../features/wallet/wallet-keys";
import { onDepositSettled } from "../lib/deposit-settled";
import { RealtimeBridge } from "./realtime-bridge";

const realtime = vi.hoisted(() => ({ state: "disconnected" as RealtimeState, handlers: null as RealtimeHandlers | null }));
vi.mock("../features/realtime/realtime-provider", () => ({
  useRealtime: () => ({ client: null, state: realtime.state }),
  useRealtimeHandlers: (handlers: RealtimeHandlers) => {
    realtime.handlers = handlers;
  },
}));
vi.mock("../lib/use-auth", () => ({ useAuth: () => ({ userId: "player-1", authenticated: true }) }));
const toasts = vi.hoisted(() => ({ success: [] as string[], error: [] as string[] }));
vi.mock("../lib/toasts", () => ({
  toastSuccess: (message: string) => toasts.success.push(message),
  toastError: (message: string) => toasts.error.push(message),
  toastServerError: () => undefined,
}));

afterEach(cleanup);

const ui = (queryClient: QueryClient, state: RealtimeState) => {
  realtime.state = state;
  return (
    <QueryClientProvider client={queryClient}>
      <RealtimeBridge />
    </QueryClientProvider>
  );
};

describe("RealtimeBridge", () => {
  it("refetches the wallets and the notifications on every connection, the first included", () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries").mockResolvedValue();
    const view = render(ui(queryClient, "connecting"));
    expect(invalidate).not.toHaveBeenCalled();
    view.rerender(ui(queryClient, "connected"));
    expect(invalidate.mock.calls).toEqual([[{ queryKey: walletsRootKey }], [{ queryKey: notificationsRootKey }]]);
    view.rerender(ui(queryClient, "disconnected"));
    view.rerender(ui(queryClient, "connecting"));
    expect(invalidate).toHaveBeenCalledTimes(2);
    view.rerender(ui(queryClient, "connected"));
    expect(invalidate).toHaveBeenCalledTimes(4);
  });

  it("decides about every event of the contract, handling or ignoring it", () => {
    render(ui(new QueryClient(), "connected"));
    expect(Object.keys(realtime.handlers ?? {}).sort()).toEqual([...realtimeEventTypes].sort());
    expect(realtime.handlers).toMatchObject({ payment_status_changed: "ignored", deposit_settled: "ignored" });
  });

  it("announces a PSP deposit's balance event to the first-deposit bridge, and no other", () => {
    render(ui(new QueryClient(), "connected"));
    const settled = vi.fn();
    const off = onDepositSettled("test", settled);
    const handle = realtime.handlers!.user_balance_updated;
    if (handle === "ignored") throw new Error("user_balance_updated must be handled");
    const event = (operation_type: string): UserBalanceUpdatedEvent => ({
      event_id: crypto.randomUUID(),
      wallet_guid: crypto.randomUUID(),
      currency_guid: crypto.randomUUID(),
      balance: "10",
      bonus_balance: "0",
      free_spin_count: 0,
      operation_type,
      operation_amount: "10",
    });
    vi.spyOn(console, "info").mockImplementation(() => {});
    handle(event("win"));
    expect(settled).not.toHaveBeenCalled();
    handle(event("psp_deposit"));
    expect(settled).toHaveBeenCalledTimes(1);
    off();
  });

  it("applies a KYC decision to the cached documents and refetches the profile's is_verified", () => {
    const queryClient = new QueryClient();
    const guid = crypto.randomUUID();
    queryClient.setQueryData(documentsKey("player-1"), {
      documents: [{ guid, status: "pending", comment: null }],
      is_verified: false,
      missing: ["identity"],
    });
    const invalidate = vi.spyOn(queryClient, "invalidateQueries").mockResolvedValue();
    render(ui(queryClient, "connected"));
    const handle = realtime.handlers!.document_status_changed;
    if (handle === "ignored") throw new Error("document_status_changed must be handled");
    handle({ event_id: "e1", document_guid: guid, document_type: "passport", status: "approved", comment: "Thanks", is_verified: true });
    expect(queryClient.getQueryData(documentsKey("player-1"))).toMatchObject({
      is_verified: true,
      documents: [{ guid, status: "approved", comment: "Thanks" }],
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: documentsKey("player-1") });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: profileKey("player-1") });
  });

  it("refetches the bonuses and the wallets on a bonus event and toasts the completion in the wallet's currency", () => {
    const queryClient = new QueryClient();
    const usd = crypto.randomUUID();
    queryClient.setQueryData(currenciesKey, [{ guid: usd, code: "USD" }]);
    const invalidate = vi.spyOn(queryClient, "invalidateQueries").mockResolvedValue();
    render(ui(queryClient, "connecting"));
    const handle = realtime.handlers!.bonus_status_changed;
    if (handle === "ignored") throw new Error("bonus_status_changed must be handled");
    toasts.success = [];
    handle({
      event_id: "e2",
      customer_bonus_guid: crypto.randomUUID(),
      bonus_guid: crypto.randomUUID(),
      wallet_guid: crypto.randomUUID(),
      currency_guid: usd,
      bonus_name: "Welcome bonus",
      event: "completed",
      status: "completed",
      bonus_amount: "50.00",
      wager_left: "0.00",
      wager_amount: "500.00",
      free_spin_count: 0,
      progress_percent: 100,
      converted_amount: "61.20",
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: bonusesRootKey });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: walletsRootKey });
    expect(toasts.success).toEqual(["Bonus complete: 61.20 USD moved to your cash balance"]);
  });
});
