import { randomBytes, randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signBody } from "../apps/server/src/modules/provider-wallet/signature.ts";
import { signInStaff } from "./support/backoffice.ts";
import { baseUrl, waitForHydration } from "./support/browser.ts";
import { createPlayerApi, randomPlayerIp } from "./support/player-api.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// Issue #18 "Done means": a scripted loss (bets, a win and a refund through the provider wallet protocol,
// signed as the house provider signs them), then marketing closes the cashback period from the console; the
// promotions loop pays 10 % of the net cash loss as a cashback bonus the player sees on My bonuses; closing
// the period again pays nothing more.

const session = useBrowserSession();

const HOUSE_SECRET = "dev-only-house-provider-secret";
// Its own address (the e2e server trusts X-Forwarded-For from loopback): no other test's player shares the
// one-welcome-bonus-per-person identity with this one (ADR 031).
const PLAYER_IP = randomPlayerIp();
const api = createPlayerApi(PLAYER_IP);

type Json = Record<string, unknown>;

/** One provider wallet call, as the house provider sends it: raw JSON body, HMAC-SHA256 in X-Signature. */
async function provider(method: "bet" | "win" | "rollback", call: Json): Promise<void> {
  const body = JSON.stringify({ request_uuid: randomUUID(), timestamp: new Date().toISOString(), ...call });
  const res = await fetch(`${baseUrl()}/api/v1/provider/house/wallet/${method}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-signature": signBody(HOUSE_SECRET, body) },
    body,
  });
  const answer = (await res.json()) as { status: string };
  expect(answer.status, `${method}: ${JSON.stringify(answer)}`).toBe("OK");
}

type CashbackBonus = { guid: string; bonus_name: string; bonus_amount: string; bonus_type: string };
const cashbackOf = (token: string) => api<CashbackBonus[]>("/bonuses/cashback/list?page=1&per_page=20", { token });

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/?modal=login");
  await waitForHydration(page);
  const login = page.getByRole("dialog", { name: "Log in" });
  await login.getByLabel("Email", { exact: true }).fill(email);
  await login.getByLabel("Password").fill(password);
  await login.getByRole("button", { name: "Log in", exact: true }).click();
  await page.getByTestId("header-player").waitFor();
}

/** Marketing closes the campaign's running period from its runs page and waits for the run to complete. */
async function closePeriodInConsole(console: Page, bonusGuid: string, runsBefore: number) {
  await console.goto(`/backoffice/cashback/${bonusGuid}`);
  await console.getByRole("button", { name: "Close period now…" }).click();
  const dialog = console.getByRole("dialog", { name: "Close the cashback period now" });
  await dialog.getByLabel(/Comment/).fill("e2e: scripted loss");
  await dialog.getByRole("button", { name: "Close the period" }).click();
  await console.getByText("Period closed. Its cashback is paid within a minute.").waitFor();
  const grid = console.getByRole("table", { name: "Cashback runs" });
  // The grid refreshes every 5 s while a run is unfinished; the loop pays within a few seconds.
  await expect
    .poll(async () => grid.locator("tbody tr").filter({ hasText: "Completed" }).count(), {
      timeout: 30_000,
      interval: 1_000,
    })
    .toBe(runsBefore + 1);
  return grid;
}

describe("cashback: a scripted loss, a staff close, one payment", () => {
  it("pays 10 % of the net cash loss as a cashback bonus the player sees; closing again pays nothing more", async () => {
    const name = `Cashback e2e ${randomBytes(3).toString("hex")}`;
    const marketing = await signInStaff(session, "marketing");
    const staffToken = (await marketing.evaluate(() => sessionStorage.getItem("croupier.backoffice.token")))!;
    const staff = <T>(path: string, body?: unknown) =>
      api<T>(path, { base: "/api/backoffice/v1", token: staffToken, body });

    // The campaign: weekly cashback of 10 % in USD, capped at 500, wagering 1×, granted and activated at once.
    const created = await staff<{ bonus_guid: string }>("/bonus-campaigns", {
      bonus_name: name,
      bonus_trigger: "scheduled",
      bonus_type: "cashback",
      bonus_wager: "1",
      wagering_expiration_time: 7 * 86_400,
      activation_expiration_time: 7 * 86_400,
      auto_activation: true,
      is_cumulative: true,
      description: "10 % of your weekly net loss back.",
      currencies: [{ currency: "USD", cashback_percent: "10", max_bonus_sum: "500" }],
    });
    await staff(`/bonus-campaigns/${created.bonus_guid}/status`, { action: "activate" });

    // The player: signed up and funded (the welcome bonus the deposit brings is cancelled: only cash plays).
    const email = `cashback-${randomBytes(6).toString("hex")}@example.com`;
    const password = "cashback-pass-1";
    const currencies = await api<{ guid: string; code: string }[]>("/dictionary/currencies");
    const usd = currencies.find((c) => c.code === "USD")!.guid;
    const signed = await api<{ access_token: string }>("/signup", { body: { email, password, currency_guid: usd } });
    const token = signed.access_token;
    await api("/billing/deposit/test", { token, body: { amount: "100", currency_guid: usd } });
    for (const bonus of await api<{ guid: string; status: string }[]>(
      "/bonuses/list?status=offered,active&page=1&per_page=50",
      { token },
    ))
      await api(`/bonuses/cancel/${bonus.guid}`, { token, method: "PATCH" });

    // The scripted loss: bet 30 and win 5, bet 20 refunded: cash staked 50, won and refunded 25, net loss 25.
    const opened = await api<{ game_url: string; game_info: { game_external_guid: string } }>("/game/open", {
      token,
      body: { game_url: "/game/sandstone-studio/pharaoh-gold", currency_guid: usd },
    });
    const gameToken = new URL(opened.game_url).searchParams.get("token")!;
    const game = opened.game_info.game_external_guid;
    const round = (id: string) => ({
      token: gameToken,
      game_code: game,
      round_id: `e2e-cashback-${id}`,
      currency: "USD",
    });
    const first = { ...round(randomUUID()), transaction_uuid: `e2e-cb-bet-${randomUUID()}` };
    await provider("bet", { ...first, amount: "30", is_free_spin: false, round_closed: false });
    await provider("win", {
      ...first,
      transaction_uuid: `e2e-cb-win-${randomUUID()}`,
      reference_transaction_uuid: first.transaction_uuid,
      amount: "5",
      round_closed: true,
    });
    const second = { ...round(randomUUID()), transaction_uuid: `e2e-cb-bet-${randomUUID()}` };
    await provider("bet", { ...second, amount: "20", is_free_spin: false, round_closed: false });
    await provider("rollback", {
      token: gameToken,
      game_code: game,
      round_id: second.round_id,
      transaction_uuid: `e2e-cb-rb-${randomUUID()}`,
      reference_transaction_uuid: second.transaction_uuid,
    });

    const estimate = await api<{ bonus_guid: string; net_loss: string; estimate: string }[]>(
      "/bonuses/cashback/estimate",
      { token },
    );
    expect(estimate.find((e) => e.bonus_guid === created.bonus_guid)).toMatchObject({
      net_loss: "25.00",
      estimate: "2.50",
    });
    expect(await cashbackOf(token)).toEqual([]);

    // Marketing closes the period now from the console; the loop pays it.
    const grid = await closePeriodInConsole(marketing, created.bonus_guid, 0);
    await expect(grid.locator("tbody tr").first().innerText()).resolves.toContain("2.50 USD");
    const paid = await cashbackOf(token);
    expect(paid).toHaveLength(1);
    expect(paid[0]).toMatchObject({ bonus_name: name, bonus_amount: "2.50", bonus_type: "cashback" });

    // The player sees it on My bonuses.
    const { page, errors } = await session.open({ extraHTTPHeaders: { "x-forwarded-for": PLAYER_IP } });
    await logIn(page, email, password);
    await page.goto("/bonus-hub/my-bonuses");
    await waitForHydration(page);
    const cashback = page.getByRole("region", { name: "Cashback" });
    const received = cashback.getByRole("list", { name: "Cashback received" });
    await received.getByText(name, { exact: false }).waitFor({ timeout: 20_000 });
    await expect(received.innerText()).resolves.toContain("2.50 USD");

    // Closing again: the new period has no play in it; nothing more is paid.
    await closePeriodInConsole(marketing, created.bonus_guid, 1);
    expect(await cashbackOf(token)).toHaveLength(1);
    await page.reload();
    await waitForHydration(page);
    await received.getByText(name, { exact: false }).waitFor();
    await expect(received.getByRole("listitem").count()).resolves.toBe(1);
    expect(errors).toEqual([]);
  }, 90_000);
});
