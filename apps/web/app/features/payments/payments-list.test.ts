import { describe, expect, it } from "vitest";
import { hasFreshPending, PENDING_WATCH_MS } from "./payments-list";
import { continueUrl, paymentDestination } from "./payment-list";

const now = Date.parse("2026-01-10T12:00:00.000Z");
const at = (msAgo: number) => new Date(now - msAgo).toISOString();

describe("hasFreshPending (keeps the list polling)", () => {
  it("polls for a pending withdrawal of any age and a recent pending deposit", () => {
    expect(hasFreshPending([{ status: "pending", transaction_type: "withdrawal", created_at: at(PENDING_WATCH_MS * 10) }], now)).toBe(true);
    expect(hasFreshPending([{ status: "pending", transaction_type: "deposit", created_at: at(60_000) }], now)).toBe(true);
  });

  it("stops for deposits abandoned long ago and for settled payments", () => {
    expect(hasFreshPending([{ status: "pending", transaction_type: "deposit", created_at: at(PENDING_WATCH_MS + 1) }], now)).toBe(false);
    expect(hasFreshPending([{ status: "successful", transaction_type: "withdrawal", created_at: at(0) }], now)).toBe(false);
  });
});

describe("payment rows", () => {
  const base = "https://casino.example/account/wallets/history";

  it("offers the provider page only for a pending deposit with a web address", () => {
    const pending = { transaction_type: "deposit" as const, status: "pending" as const, external_provider_data: { redirect_url: "https://casino.example/sandbox-psp/checkout/1" } };
    expect(continueUrl(pending, base)).toBe("https://casino.example/sandbox-psp/checkout/1");
    expect(continueUrl({ ...pending, status: "successful" }, base)).toBeNull();
    expect(continueUrl({ ...pending, external_provider_data: { redirect_url: "javascript:alert(1)" } }, base)).toBeNull();
    expect(continueUrl({ ...pending, external_provider_data: {} }, base)).toBeNull();
  });

  it("names the card by its last 4 and shortens a crypto address", () => {
    const names = { project_method_name: "Bank card", payment_system_method_name: "sandbox_card" };
    expect(paymentDestination({ ...names, external_provider_data: { card_number: "424242******4242" } })).toBe("Bank card •••• 4242");
    expect(paymentDestination({ ...names, external_provider_data: { address: "0xe2eac302798efd34bd67230143deb98e8d7314e2", network: "ERC20" } })).toBe("ERC20 · 0xe2eac3…7314e2");
    expect(paymentDestination({ ...names, external_provider_data: {} })).toBe("Bank card");
  });
});
