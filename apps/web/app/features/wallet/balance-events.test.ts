import { QueryClient, QueryObserver } from "@tanstack/react-query";
import type { Currency } from "@croupier/contract/entities/currency";
import type { Wallet } from "@croupier/contract/entities/wallet";
import type { UserBalanceUpdatedEvent } from "@croupier/contract/realtime-client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { applyBalanceEventToCache, clearWallets, depositMessage, refetchWallets } from "./balance-events";
import { currenciesKey, walletsKey } from "./wallet-keys";

const PLAYER = "20000000-0000-4000-8000-000000000001";
const USD = "00000000-0000-4000-8000-000000000001";
const BTC = "00000000-0000-4000-8000-000000000004";
const WALLET = "10000000-0000-4000-8000-000000000001";

const cached = (overrides: Partial<Wallet> = {}) =>
  ({
    guid: WALLET,
    currency_guid: USD,
    balance: "1000",
    bonus_balance: "0",
    free_spin_count: 0,
    is_active: true,
    ...overrides,
  }) as Wallet;

const event = (overrides: Partial<UserBalanceUpdatedEvent> = {}): UserBalanceUpdatedEvent => ({
  event_id: "30000000-0000-4000-8000-000000000001",
  wallet_guid: WALLET,
  currency_guid: USD,
  balance: "998.75",
  bonus_balance: "0",
  free_spin_count: 0,
  operation_type: "bet",
  operation_amount: "1.25",
  ...overrides,
});

afterEach(() => vi.restoreAllMocks());

describe("applyBalanceEventToCache", () => {
  it("writes the event's balances into the player's cached list without a fetch", () => {
    const client = new QueryClient();
    client.setQueryData(walletsKey(PLAYER), [cached()]);
    const notify = vi.fn();
    expect(applyBalanceEventToCache(client, PLAYER, event(), notify)).toBe(true);
    expect(client.getQueryData<Wallet[]>(walletsKey(PLAYER))![0]).toMatchObject({ balance: "998.75", is_active: true });
    expect(notify).not.toHaveBeenCalled();
  });

  it("only logs an event for a wallet it does not know", () => {
    const client = new QueryClient();
    client.setQueryData(walletsKey(PLAYER), [cached()]);
    const info = vi.spyOn(console, "info").mockImplementation(() => undefined);
    const other = "10000000-0000-4000-8000-0000000000ee";
    expect(applyBalanceEventToCache(client, PLAYER, event({ wallet_guid: other }), vi.fn())).toBe(false);
    expect(client.getQueryData<Wallet[]>(walletsKey(PLAYER))).toEqual([cached()]);
    expect(info).toHaveBeenCalledWith("balance update for an unknown wallet", other);
  });

  it("a PSP deposit also shows the deposit notification with amount and currency code", () => {
    const client = new QueryClient();
    client.setQueryData(walletsKey(PLAYER), [cached()]);
    client.setQueryData(currenciesKey, [{ guid: USD, code: "USD", decimals: 2 } as Currency]);
    const notify = vi.fn();
    applyBalanceEventToCache(
      client,
      PLAYER,
      event({ operation_type: "psp_deposit", operation_amount: "2500", balance: "3500" }),
      notify,
    );
    expect(notify).toHaveBeenCalledWith("Deposit received: 2,500.00 USD");
    expect(client.getQueryData<Wallet[]>(walletsKey(PLAYER))![0]!.balance).toBe("3500");
  });

  it("clearing at logout forgets every player's list", () => {
    const client = new QueryClient();
    client.setQueryData(walletsKey(PLAYER), [cached()]);
    clearWallets(client);
    expect(client.getQueryData(walletsKey(PLAYER))).toBeUndefined();
  });
});

describe("depositMessage", () => {
  it("formats in the currency's decimals, or shows the raw amount for an unknown currency", () => {
    const btc = { guid: BTC, code: "BTC", decimals: 8 } as Currency;
    expect(depositMessage({ operation_amount: "0.0015", currency_guid: BTC }, [btc])).toBe(
      "Deposit received: 0.00150000 BTC",
    );
    expect(depositMessage({ operation_amount: "0.0015", currency_guid: USD }, [btc])).toBe("Deposit received: 0.0015");
  });
});

describe("refetchWallets", () => {
  it("fetches the shown list again (after a realtime reconnect)", async () => {
    const client = new QueryClient();
    const queryFn = vi.fn(async () => [cached({ balance: String(queryFn.mock.calls.length) })]);
    const observer = new QueryObserver(client, { queryKey: walletsKey(PLAYER), queryFn, staleTime: Infinity });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(client.getQueryData(walletsKey(PLAYER))).toBeDefined());
    expect(queryFn).toHaveBeenCalledTimes(1);
    await refetchWallets(client);
    expect(queryFn).toHaveBeenCalledTimes(2);
    expect(client.getQueryData<Wallet[]>(walletsKey(PLAYER))![0]!.balance).toBe("2");
    unsubscribe();
  });
});
