import { randomBytes, randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signBody } from "../apps/server/src/modules/provider-wallet/signature.ts";
import { auditAccessibility, formatViolations } from "./support/axe.ts";
import { baseUrl, waitForHydration } from "./support/browser.ts";
import { createPlayerApi, randomPlayerIp } from "./support/player-api.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// Issue #18 rakeback end to end: the player plays the house slot (bets through the provider wallet protocol,
// signed as the house provider signs them), the promotions loop accrues the demo rakeback campaign's 1 % of
// the slot stakes off the bet path, and the player claims it from /bonus-hub/rakeback as cash.

const session = useBrowserSession();

const HOUSE_SECRET = "dev-only-house-provider-secret";
// Its own address (the e2e server trusts X-Forwarded-For from loopback): no other test's player shares the
// one-welcome-bonus-per-person identity with this one (ADR 031).
const PLAYER_IP = randomPlayerIp();
const api = createPlayerApi(PLAYER_IP);

type Json = Record<string, unknown>;

async function provider(method: "bet" | "win", call: Json): Promise<void> {
  const body = JSON.stringify({ request_uuid: randomUUID(), timestamp: new Date().toISOString(), ...call });
  const res = await fetch(`${baseUrl()}/api/v1/provider/house/wallet/${method}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-signature": signBody(HOUSE_SECRET, body) },
    body,
  });
  const answer = (await res.json()) as { status: string };
  expect(answer.status, `${method}: ${JSON.stringify(answer)}`).toBe("OK");
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/?modal=login");
  await waitForHydration(page);
  const login = page.getByRole("dialog", { name: "Log in" });
  await login.getByLabel("Email", { exact: true }).fill(email);
  await login.getByLabel("Password").fill(password);
  await login.getByRole("button", { name: "Log in", exact: true }).click();
  await page.getByTestId("header-player").waitFor();
}

/** axe on the page once its animations (the toast's entrance) have ended, as accessibility.e2e.ts does. */
async function audit(page: Page, where: string) {
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
      null,
      {
        timeout: 5_000,
      },
    )
    .catch(() => undefined);
  const violations = await auditAccessibility(page);
  expect(violations, formatViolations(where, violations)).toEqual([]);
}

type Balance = { currency: string; available: string; campaign: { slots_percent: string; payout: string } | null };

describe("rakeback: play, accrue, claim", () => {
  it("1 % of the slot stakes accrues within seconds and is claimed once as cash from the bonus hub", async () => {
    const email = `rakeback-${randomBytes(6).toString("hex")}@example.com`;
    const password = "rakeback-pass-1";
    const currencies = await api<{ guid: string; code: string }[]>("/dictionary/currencies");
    const usd = currencies.find((c) => c.code === "USD")!.guid;
    const signed = await api<{ access_token: string }>("/signup", { body: { email, password, currency_guid: usd } });
    const token = signed.access_token;
    await api("/billing/deposit/test", { token, body: { amount: "100", currency_guid: usd } });
    // Only cash plays (bonus-funded stakes earn no rakeback): the welcome bonus the deposit brings is cancelled.
    for (const bonus of await api<{ guid: string }[]>("/bonuses/list?status=offered,active&page=1&per_page=50", {
      token,
    }))
      await api(`/bonuses/cancel/${bonus.guid}`, { token, method: "PATCH" });

    const [before] = (await api<Balance[]>("/bonuses/rakeback", { token })).filter((b) => b.currency === "USD");
    expect(before?.campaign).toMatchObject({ slots_percent: "1", payout: "cash" });
    expect(before?.available).toBe("0.00");

    // Two rounds of the house slot: 30 + 20 staked, one small win (wins earn nothing).
    const opened = await api<{ game_url: string; game_info: { game_external_guid: string } }>("/game/open", {
      token,
      body: { game_url: "/game/sandstone-studio/pharaoh-gold", currency_guid: usd },
    });
    const gameToken = new URL(opened.game_url).searchParams.get("token")!;
    const game = opened.game_info.game_external_guid;
    for (const amount of ["30", "20"]) {
      const round = { token: gameToken, game_code: game, round_id: `e2e-rakeback-${randomUUID()}`, currency: "USD" };
      const bet = `e2e-rb-bet-${randomUUID()}`;
      await provider("bet", { ...round, transaction_uuid: bet, amount, is_free_spin: false, round_closed: false });
      await provider("win", {
        ...round,
        transaction_uuid: `e2e-rb-win-${randomUUID()}`,
        reference_transaction_uuid: bet,
        amount: "1",
        round_closed: true,
      });
    }

    // bypassCSP: the axe audit injects its script (the app's CSP refuses inline scripts).
    const { page, errors } = await session.open({
      extraHTTPHeaders: { "x-forwarded-for": PLAYER_IP },
      bypassCSP: true,
    });
    await logIn(page, email, password);
    await page.goto("/bonus-hub/rakeback");
    await waitForHydration(page);
    const card = page.getByRole("article", { name: "Rakeback in USD" });
    await card.waitFor();
    await expect(card.getByRole("list", { name: "Rakeback rates in USD" }).innerText()).resolves.toContain(
      "Slots: 1% of every stake",
    );
    // The promotions loop (every 2 s under e2e) accrues 50 × 1 % = 0.50 USD a few seconds after the bets.
    const claim = card.getByRole("button", { name: "Claim 0.50 USD" });
    await expect
      .poll(
        async () => {
          if (await claim.count()) return true;
          await page.reload();
          await waitForHydration(page);
          return false;
        },
        { timeout: 30_000, interval: 2_000 },
      )
      .toBe(true);

    // WCAG 2.1 AA (ADR 029) with something to claim, and below with a claim in the history.
    await audit(page, "/bonus-hub/rakeback");

    const total = page.getByRole("banner", { includeHidden: true }).getByTestId("header-wallet-total");
    const cashBefore = await total.innerText();
    await claim.click();
    await page.getByText("0.50 USD of rakeback was added to your balance.").waitFor();
    await card.getByRole("button", { name: "Claim", exact: true }).waitFor();
    await page.getByRole("list", { name: "Past claims" }).getByText("Paid as cash").waitFor();
    await expect.poll(async () => total.innerText(), { timeout: 10_000 }).not.toBe(cashBefore);

    await audit(page, "/bonus-hub/rakeback (claimed)");

    // Claimed once: nothing is left and the API agrees.
    const [after] = (await api<Balance[]>("/bonuses/rakeback", { token })).filter((b) => b.currency === "USD");
    expect(after?.available).toBe("0.00");
    const claims = await api<{ amount: string; payout: string }[]>("/bonuses/rakeback/claims", { token });
    expect(claims).toEqual([expect.objectContaining({ amount: "0.50", payout: "cash" })]);
    expect(errors).toEqual([]);
  });
});
