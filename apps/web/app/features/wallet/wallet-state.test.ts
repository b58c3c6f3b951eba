import type { Currency } from "@croupier/contract/entities/currency";
import type { Wallet } from "@croupier/contract/entities/wallet";
import { describe, expect, it } from "vitest";
import {
  activateInList,
  applyBalanceEvent,
  currenciesWithoutWallet,
  ensureOneActive,
  firstWalletCurrency,
  keepKnownCurrencies,
  toWalletViews,
  upsertCreatedWallet,
} from "./wallet-state";

const USD = "00000000-0000-4000-8000-000000000001";
const EUR = "00000000-0000-4000-8000-000000000002";
const JPY = "00000000-0000-4000-8000-000000000003";
const GONE = "00000000-0000-4000-8000-0000000000ff";

function currency(guid: string, code: string, overrides: Partial<Currency> = {}): Currency {
  return {
    guid,
    external_guid: code,
    is_default: false,
    icon: null,
    code,
    symbol: code.slice(0, 1),
    name: code,
    custom_name: null,
    type: "fiat",
    registration: true,
    decimals: 2,
    ordering: 0,
    min_bet_slot_real: "0.1",
    max_bet_slot_real: "100",
    min_bet_live_real: "1",
    max_bet_live_real: "100",
    max_bet_slot_bonus: "5",
    max_bet_live_bonus: "5",
    min_deposit: "10",
    max_deposit: "1000",
    min_withdraw: "10",
    max_withdraw: "1000",
    bonus_threshold: "1",
    countries: [],
    networks: [],
    ...overrides,
  };
}

function wallet(guid: string, currencyGuid: string, overrides: Partial<Wallet> = {}): Wallet {
  return {
    guid,
    project_guid: null,
    currency_guid: currencyGuid,
    customer_guid: "00000000-0000-4000-8000-00000000aaaa",
    balance: "0",
    bonus_balance: "0",
    deferred_bonus_balance: "0",
    wager: "0",
    free_spin_count: 0,
    free_spin_bet: null,
    customer_bonus_guid: null,
    customer_bonus_expire_date: null,
    status: "active",
    winnings_distribution_percent: null,
    bonus_threshold: null,
    is_active: false,
    project_bonus_tag: null,
    deposit_defer: false,
    ...overrides,
  };
}

const W1 = "10000000-0000-4000-8000-000000000001";
const W2 = "10000000-0000-4000-8000-000000000002";
const W3 = "10000000-0000-4000-8000-000000000003";
const activeOf = (wallets: Wallet[]) => wallets.filter((w) => w.is_active).map((w) => w.guid);

describe("wallet rules", () => {
  it("after loading with none active, the first wallet is activated", () => {
    const { wallets, activated } = ensureOneActive([wallet(W1, USD), wallet(W2, EUR)]);
    expect(activated).toBe(W1);
    expect(activeOf(wallets)).toEqual([W1]);
  });

  it("after loading with one active, nothing changes and nothing is activated", () => {
    const loaded = [wallet(W1, USD), wallet(W2, EUR, { is_active: true })];
    const { wallets, activated } = ensureOneActive(loaded);
    expect(activated).toBeNull();
    expect(activeOf(wallets)).toEqual([W2]);
  });

  it("keeps exactly one active when the list carries two", () => {
    const { wallets } = ensureOneActive([wallet(W1, USD, { is_active: true }), wallet(W2, EUR, { is_active: true })]);
    expect(activeOf(wallets)).toEqual([W1]);
  });

  it("an empty list stays empty", () => {
    expect(ensureOneActive([])).toEqual({ wallets: [], activated: null });
  });

  it("activating marks that wallet active and every other inactive", () => {
    const wallets = activateInList([wallet(W1, USD, { is_active: true }), wallet(W2, EUR), wallet(W3, JPY)], W3);
    expect(activeOf(wallets)).toEqual([W3]);
    expect(wallets.map((w) => w.guid)).toEqual([W1, W2, W3]);
  });

  it("a created wallet is added as the only active one", () => {
    const wallets = upsertCreatedWallet([wallet(W1, USD, { is_active: true })], wallet(W2, EUR, { is_active: false }));
    expect(wallets.map((w) => w.guid)).toEqual([W1, W2]);
    expect(activeOf(wallets)).toEqual([W2]);
  });

  it("a created wallet replaces the entry with the same guid", () => {
    const wallets = upsertCreatedWallet(
      [wallet(W1, USD, { is_active: true }), wallet(W2, EUR, { balance: "1" })],
      wallet(W2, EUR, { balance: "7.5", is_active: true }),
    );
    expect(wallets).toHaveLength(2);
    expect(wallets[1]).toMatchObject({ guid: W2, balance: "7.5", is_active: true });
    expect(activeOf(wallets)).toEqual([W2]);
  });

  it("wallets in unknown currencies are dropped", () => {
    const kept = keepKnownCurrencies([wallet(W1, USD), wallet(W2, GONE)], [currency(USD, "USD")]);
    expect(kept.map((w) => w.guid)).toEqual([W1]);
  });

  it("a first wallet goes to the profile currency, else the default, else the first currency", () => {
    const list = [currency(JPY, "JPY"), currency(EUR, "EUR", { is_default: true }), currency(USD, "USD")];
    expect(firstWalletCurrency(USD, list)).toBe(USD);
    expect(firstWalletCurrency(null, list)).toBe(EUR);
    expect(firstWalletCurrency(GONE, list)).toBe(EUR);
    expect(firstWalletCurrency(null, [currency(JPY, "JPY"), currency(USD, "USD")])).toBe(JPY);
    expect(firstWalletCurrency(null, [])).toBeNull();
  });

  it("the add-wallet picker offers only currencies without a wallet", () => {
    const offered = currenciesWithoutWallet(
      [currency(USD, "USD"), currency(EUR, "EUR"), currency(JPY, "JPY")],
      [wallet(W1, EUR)],
    );
    expect(offered.map((c) => c.code)).toEqual(["USD", "JPY"]);
  });
});

describe("wallet views", () => {
  it("total = balance + bonus balance exactly; name = custom_name or code", () => {
    const views = toWalletViews(
      [
        wallet(W1, USD, { balance: "1234.5", bonus_balance: "0.25" }),
        wallet(W2, EUR, { balance: "0.1", bonus_balance: "0.2" }),
      ],
      [currency(USD, "USD"), currency(EUR, "EUR", { custom_name: "Euro (club)" })],
    );
    expect(views.map((v) => [v.total_balance, v.currency_name])).toEqual([
      ["1234.75", "USD"],
      ["0.3", "Euro (club)"],
    ]);
  });

  it("leaves out a wallet whose currency is not in the dictionary", () => {
    expect(toWalletViews([wallet(W1, GONE)], [currency(USD, "USD")])).toEqual([]);
  });
});

describe("balance events", () => {
  const event = { wallet_guid: W2, balance: "480.00", bonus_balance: "15.5", free_spin_count: 3 };

  it("update only the matching wallet", () => {
    const before = [wallet(W1, USD, { balance: "1000", is_active: true }), wallet(W2, EUR, { balance: "500" })];
    const after = applyBalanceEvent(before, event)!;
    expect(after[1]).toMatchObject({
      guid: W2,
      balance: "480.00",
      bonus_balance: "15.5",
      free_spin_count: 3,
      is_active: false,
    });
    expect(after[0]).toBe(before[0]);
    expect(before[1]!.balance).toBe("500");
  });

  it("for an unknown wallet change nothing (null)", () => {
    expect(applyBalanceEvent([wallet(W1, USD)], event)).toBeNull();
    expect(applyBalanceEvent([], event)).toBeNull();
  });
});
