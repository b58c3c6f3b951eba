import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInStaff } from "./support/backoffice.ts";
import { waitForHydration } from "./support/browser.ts";
import { createPlayerApi, randomPlayerIp } from "./support/player-api.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// Issue #18 end to end: coins are mined while playing. Marketing shortens the accrual period in the
// mining settings (staff API), the player spins the house slot, and the coin page (coin flag on in the
// e2e server's default profile) shows the active speed and a live counter that advances, then
// resyncs to the coins the server credited for the period.

const session = useBrowserSession();
// Its own address: the one-welcome-bonus-per-person guard never ties it to another test's player.
const PLAYER_IP = randomPlayerIp();
const api = createPlayerApi(PLAYER_IP);

const gameFrame = (page: Page) => page.frameLocator('[data-testid="game-frame"]');
const counterValue = async (page: Page) => Number(await page.getByTestId("coin-counter").getAttribute("data-value"));

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/?modal=login");
  await waitForHydration(page);
  const login = page.getByRole("dialog", { name: "Log in" });
  await login.getByLabel("Email", { exact: true }).fill(email);
  await login.getByLabel("Password").fill(password);
  await login.getByRole("button", { name: "Log in", exact: true }).click();
  await page.getByTestId("header-player").waitFor();
}

const DEMO_SETTINGS = {
  active_speed_per_hour: "10",
  passive_speed_per_hour: "1",
  accrual_period_hours: "1",
  activity_window_seconds: 300,
  mining_active_days: 30,
};

describe("loyalty coins", () => {
  it(
    "the coin page's counter advances while the player plays and follows the coins the server credits",
    { timeout: 150_000 },
    async () => {
      const email = `coins-${randomBytes(6).toString("hex")}@example.com`;
      const password = "coin-miner-pass-1";
      const currencies = await api<{ guid: string; code: string }[]>("/dictionary/currencies");
      const usd = currencies.find((c) => c.code === "USD")!.guid;
      const signed = await api<{ access_token: string }>("/signup", { body: { email, password, currency_guid: usd } });
      const token = signed.access_token;
      await api("/billing/deposit/test", { token, body: { amount: "50", currency_guid: usd } });

      // Marketing shortens the period to ~11 s and speeds mining up so the counter visibly moves.
      const marketing = await signInStaff(session, "marketing");
      const staffToken = (await marketing.evaluate(() => sessionStorage.getItem("croupier.backoffice.token")))!;
      const settings = {
        active_speed_per_hour: "3600",
        passive_speed_per_hour: "360",
        accrual_period_hours: "0.003",
        activity_window_seconds: 120,
        mining_active_days: 30,
      };
      await api("/loyalty/mining-settings", {
        base: "/api/backoffice/v1",
        token: staffToken,
        method: "PUT",
        body: settings,
      });
      try {
        const { page, errors } = await session.open({ extraHTTPHeaders: { "x-forwarded-for": PLAYER_IP } });
        await logIn(page, email, password);

        // Before any play: no mining yet.
        await page.goto("/bonus-hub/coin");
        await waitForHydration(page);
        await page.getByTestId("coin-speed").filter({ hasText: "place a bet to start mining" }).waitFor();

        // Play: two spins of the house slot.
        await page.goto("/game/sandstone-studio/pharaoh-gold");
        await waitForHydration(page);
        const spin = gameFrame(page).getByRole("button", { name: "Spin", exact: true });
        for (let i = 0; i < 2; i += 1) {
          await spin.waitFor({ timeout: 20_000 });
          await expect.poll(() => spin.isEnabled(), { timeout: 20_000 }).toBe(true);
          await spin.click();
        }
        // The loyalty job reads the stakes off the hot path (a pass every 2 s): the player is then mining actively.
        await expect
          .poll(async () => (await api<{ is_active: boolean }>("/loyalty/mining/user-speed", { token })).is_active, {
            timeout: 20_000,
          })
          .toBe(true);

        await page.goto("/bonus-hub/coin");
        await waitForHydration(page);
        await page
          .getByTestId("coin-speed")
          .filter({ hasText: "Playing: 3600 coins per hour" })
          .waitFor({ timeout: 20_000 });
        const first = await counterValue(page);
        await page.waitForTimeout(2_000);
        const second = await counterValue(page);
        // 1 coin per second: two seconds later the counter shows about two more.
        expect(second - first).toBeGreaterThan(1);
        await page.getByRole("progressbar", { name: /Progress to/ }).waitFor();

        // The first period is credited by the server (period ~11 s + the accrual lag), and the counter
        // resyncs to at least what was credited.
        const credited = await expect
          .poll(async () => Number((await api<{ balance: string }>("/loyalty/coins", { token })).balance), {
            timeout: 60_000,
            interval: 2_000,
          })
          .toBeGreaterThan(0)
          .then(async () => Number((await api<{ balance: string }>("/loyalty/coins", { token })).balance));
        await expect.poll(() => counterValue(page), { timeout: 30_000 }).toBeGreaterThanOrEqual(credited);
        expect(errors).toEqual([]);
      } finally {
        await api("/loyalty/mining-settings", {
          base: "/api/backoffice/v1",
          token: staffToken,
          method: "PUT",
          body: DEMO_SETTINGS,
        });
      }
    },
  );

  it("the player exchanges coins for the demo coin bonus in the shop after a confirmation", async () => {
    const email = `coin-shop-${randomBytes(6).toString("hex")}@example.com`;
    const password = "coin-shop-pass-1";
    const currencies = await api<{ guid: string; code: string }[]>("/dictionary/currencies");
    const usd = currencies.find((c) => c.code === "USD")!.guid;
    const signed = await api<{ access_token: string; profile: { id: string } }>("/signup", {
      body: { email, password, currency_guid: usd },
    });
    const token = signed.access_token;

    // Coins from the team (an audited adjustment), then the shop.
    const marketing = await signInStaff(session, "marketing");
    const staffToken = (await marketing.evaluate(() => sessionStorage.getItem("croupier.backoffice.token")))!;
    await api(`/loyalty/players/${signed.profile.id}/coins`, {
      base: "/api/backoffice/v1",
      token: staffToken,
      body: {
        amount: "150",
        reason: "e2e: coins for the shop",
        idempotency_key: `e2e-${randomBytes(6).toString("hex")}`,
      },
    });

    const { page, errors } = await session.open({ extraHTTPHeaders: { "x-forwarded-for": PLAYER_IP } });
    await logIn(page, email, password);
    await page.goto("/bonus-hub/coin");
    await waitForHydration(page);
    const item = page.getByTestId("coin-shop-item").filter({ hasText: "Coin bonus 10" });
    await item.waitFor({ timeout: 20_000 });
    await item.getByRole("button", { name: "Exchange" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Exchange 100 coins?" });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Exchange" }).click();
    await page.getByText("You bought Coin bonus 10.").waitFor({ timeout: 20_000 });
    expect((await api<{ balance: string }>("/loyalty/coins", { token })).balance).toBe("50");
    const coinBonuses = await api<{ bonus_name: string; bonus_type: string }[]>("/bonuses/coin/list", { token });
    expect(coinBonuses.map((b) => [b.bonus_name, b.bonus_type])).toEqual([["Coin bonus 10", "coin"]]);
    await expect.poll(() => counterValue(page), { timeout: 20_000 }).toBeLessThan(51);
    expect(errors).toEqual([]);
  });
});
