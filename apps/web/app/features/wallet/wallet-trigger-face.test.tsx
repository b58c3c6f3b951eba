import type { Currency } from "@croupier/contract/entities/currency";
import type { Wallet } from "@croupier/contract/entities/wallet";
import { cleanup, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { toWalletViews } from "./wallet-state";
import { WalletTriggerFace } from "./wallet-trigger-face";

const USD = "00000000-0000-4000-8000-000000000001";

const usd = {
  guid: USD, external_guid: "USD", is_default: true, icon: null, code: "USD", symbol: "$", name: "US dollar", custom_name: null, type: "fiat",
  registration: true, decimals: 2, ordering: 0, min_bet_slot_real: "0.1", max_bet_slot_real: "100", min_bet_live_real: "1", max_bet_live_real: "100",
  max_bet_slot_bonus: "5", max_bet_live_bonus: "5", min_deposit: "10", max_deposit: "1000", min_withdraw: "10", max_withdraw: "1000", bonus_threshold: "1",
  countries: [], networks: [],
} as Currency;

function view(overrides: Partial<Wallet>) {
  const wallet: Wallet = {
    guid: "10000000-0000-4000-8000-000000000001", project_guid: null, currency_guid: USD, customer_guid: "00000000-0000-4000-8000-00000000aaaa",
    balance: "0", bonus_balance: "0", deferred_bonus_balance: "0", wager: "0", free_spin_count: 0, free_spin_bet: null, customer_bonus_guid: null,
    customer_bonus_expire_date: null, status: "active", winnings_distribution_percent: null, bonus_threshold: null, is_active: true,
    project_bonus_tag: null, deposit_defer: false, ...overrides,
  };
  return toWalletViews([wallet], [usd])[0]!;
}

afterEach(cleanup);

describe("header balance", () => {
  it("shows the total (cash + bonus) with the split and the free spins when there are any", () => {
    render(<WalletTriggerFace wallet={view({ balance: "120.5", bonus_balance: "100", free_spin_count: 10 })} />);
    expect(screen.getByTestId("header-wallet-total").textContent).toBe("220.50");
    expect(screen.getByTestId("header-wallet-split").textContent).toBe("Cash 120.50 · Bonus 100.00 · 10 free spins");
    expect(screen.getByTestId("header-wallet-free-spins").textContent).toBe("10 free spins");
  });

  it("free spins without bonus money: the count alone; one spin is singular", () => {
    render(<WalletTriggerFace wallet={view({ balance: "5", free_spin_count: 1 })} />);
    expect(screen.getByTestId("header-wallet-split").textContent).toBe("1 free spin");
  });

  it("cash only: just the total, no split", () => {
    render(<WalletTriggerFace wallet={view({ balance: "42" })} />);
    expect(screen.getByTestId("header-wallet-total").textContent).toBe("42.00");
    expect(screen.queryByTestId("header-wallet-split")).toBeNull();
  });
});
