import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInStaff } from "./support/backoffice.ts";
import { baseUrl } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// Issue #15 capabilities 2 and 3 in the console (ADR 018): finance approves one withdrawal (the sandbox PSP
// pays it) and declines another (the money comes back), and sees the player's balances follow; a large
// adjustment asked for by an admin changes nothing until a second staff member, of the finance role, approves it.

const session = useBrowserSession();

type Player = { email: string; id: string; token: string };

async function api(path: string, init: { method?: string; token?: string; body?: unknown } = {}) {
  const res = await fetch(`${baseUrl()}/api/v1${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const json = (await res.json()) as { payload: Record<string, unknown> & unknown[] };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.payload as never;
}

/** A player with 300 USD of cash (demo test deposit), a saved card, and two withdrawals of 100 waiting for review. */
async function playerWithTwoWithdrawals(): Promise<Player & { withdrawals: string[] }> {
  const email = `money-${randomBytes(6).toString("hex")}@example.com`;
  const currencies: { guid: string; code: string }[] = await api("/dictionary/currencies");
  const usd = currencies.find((c) => c.code === "USD")!.guid;
  const signed: { access_token: string; profile: { id: string } } = await api("/signup", {
    body: { email, password: "money-review-pass-1", currency_guid: usd },
  });
  const token = signed.access_token;
  await api("/billing/deposit/test", { token, body: { amount: "300", currency_guid: usd } });
  const wallets: { guid: string; currency_guid: string }[] = await api("/billing/wallets", { token });
  const wallet = wallets.find((w) => w.currency_guid === usd)!.guid;
  const card: { guid: string } = await api("/billing/card", {
    token,
    body: {
      card_number: "4242424242424242",
      cardholder_name: "Money Review",
      expiration_month: 12,
      expiration_year: new Date().getUTCFullYear() + 2,
    },
  });
  const systems: { guid: string; name: string }[] = await api("/billing/psp/list", { token });
  const psp = systems.find((s) => s.name === "sandbox_card")!.guid;
  const withdrawals: string[] = [];
  for (let i = 0; i < 2; i += 1) {
    const body = { psp_guid: psp, amount: "100", wallet_guid: wallet, card_guid: card.guid };
    const created: { guid: string } = await api("/billing/withdrawal", { token, body });
    withdrawals.push(created.guid);
  }
  return { email, id: signed.profile.id, token, withdrawals };
}

async function openPlayer(staff: Page, player: Player) {
  await staff.goto(`${baseUrl()}/backoffice/players/${player.id}?tab=wallets`);
  await staff.getByRole("heading", { name: player.email }).waitFor();
}

const cashShown = (staff: Page, amount: string) =>
  staff.getByRole("region", { name: "Wallets" }).getByText(`${amount} USD`, { exact: true }).first().waitFor();

describe("back office: money review", () => {
  it("finance approves one withdrawal and declines another; a large adjustment moves money only after a second approver", async () => {
    const player = await playerWithTwoWithdrawals();
    const finance = await signInStaff(session, "finance");

    // The queue lists both, oldest first; approve the first.
    await finance.getByRole("link", { name: "Withdrawals" }).first().click();
    const queue = finance.getByRole("table", { name: "In review (oldest first)" });
    await queue.getByRole("cell", { name: player.email }).first().waitFor();
    const rows = queue.getByRole("row").filter({ hasText: player.email });
    expect(await rows.count()).toBe(2);
    await rows.first().click();
    const drawer = finance.getByRole("dialog", { name: "Withdrawal" });
    await drawer.getByRole("heading", { name: "Risk signals" }).waitFor();
    await drawer.getByRole("button", { name: "Approve…" }).click();
    await finance
      .getByRole("dialog", { name: /Approve 100\.00 USD/ })
      .getByRole("button", { name: "Approve and pay out" })
      .click();
    await finance.getByText("Withdrawal of 100.00 USD approved; the payout is on its way.").waitFor();
    await drawer.getByText(/Approved · player sees/).waitFor();
    await finance.keyboard.press("Escape");

    // Decline the other with a reason.
    const remaining = queue.getByRole("row").filter({ hasText: player.email });
    await expect.poll(() => remaining.count(), { timeout: 10_000 }).toBe(1);
    await remaining.first().click();
    await drawer.getByRole("button", { name: "Decline…" }).click();
    const decline = finance.getByRole("dialog", { name: /Decline 100\.00 USD/ });
    await decline.getByLabel("Reason").fill("Please verify your identity first");
    await decline.getByRole("button", { name: "Decline and return the money" }).click();
    await finance.getByText("Withdrawal of 100.00 USD declined; the money is back with the player.").waitFor();
    await finance.keyboard.press("Escape");

    // The sandbox pays the approved one; the declined one's 100 is back: 300 − 100 = 200.
    await expect
      .poll(
        async () => {
          const list: { guid: string; status: string }[] = await api("/billing/transactions?per_page=10", {
            token: player.token,
          });
          return player.withdrawals.map((guid) => list.find((t) => t.guid === guid)?.status).join(",");
        },
        { timeout: 30_000 },
      )
      .toBe("successful,cancelled");
    await openPlayer(finance, player);
    await cashShown(finance, "200.00");

    // An admin asks for a large credit: it waits, the balance does not move, and the admin cannot approve it.
    const admin = await signInStaff(session, "admin");
    await openPlayer(admin, player);
    await cashShown(admin, "200.00");
    await admin.getByRole("button", { name: "Adjust balance…" }).click();
    const adjust = admin.getByRole("dialog", { name: "Adjust balance" });
    await adjust.getByLabel("Amount (USD)").fill("500");
    await adjust.getByLabel("Reason").fill("Goodwill after the outage");
    await adjust.getByRole("button", { name: "Credit" }).click();
    await admin.getByText(/waits for a second approver/).waitFor();
    await admin.reload();
    await cashShown(admin, "200.00");
    await admin.goto(`${baseUrl()}/backoffice/adjustments`);
    const own = admin.getByRole("row").filter({ hasText: player.email });
    expect(await own.getByRole("button", { name: "Approve…" }).isDisabled()).toBe(true);

    // A second staff member, of the finance role, approves; now the money moves.
    await finance.goto(`${baseUrl()}/backoffice/adjustments`);
    const pending = finance.getByRole("row").filter({ hasText: player.email });
    await pending.getByRole("button", { name: "Approve…" }).click();
    await finance
      .getByRole("dialog", { name: /Approve the credit of 500\.00 USD/ })
      .getByRole("button", { name: "Approve and apply" })
      .click();
    await finance.getByText("Approved: credit of 500.00 USD (cash) applied.").waitFor();
    await openPlayer(finance, player);
    await cashShown(finance, "700.00");
  });
});
