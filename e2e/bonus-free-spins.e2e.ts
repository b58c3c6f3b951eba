import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInStaff } from "./support/backoffice.ts";
import { waitForHydration } from "./support/browser.ts";
import { createPlayerApi, randomPlayerIp } from "./support/player-api.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// Issue #17 end to end: a player with the seeded welcome bonus chooses "No bonus" in the deposit dialog
// (the second-deposit offer is not granted), then gets free spins from the team (a marketing manual grant
// of the seeded "Welcome spins"), opens the house slot, sees "Free spins: n left", plays one, and the
// count goes down in the game, in the platform's wallet and in the header.

const session = useBrowserSession();

const TEST_CARD = "4242 4242 4242 4242";

// The one-welcome-bonus-per-person guard links accounts by session address + user agent (ADR 031), and every
// e2e player comes from 127.0.0.1: this test's player gets its own address (the e2e server trusts
// X-Forwarded-For from loopback), so no other test's player can have claimed the welcome bonus first.
const PLAYER_IP = randomPlayerIp();
const api = createPlayerApi(PLAYER_IP);

type Json = Record<string, unknown>;

type Bonus = { guid: string; bonus_name: string; status: string };
const bonusesOf = (token: string) => api<Bonus[]>("/bonuses/list?page=1&per_page=50", { token });
const usdWallet = async (token: string, usd: string) =>
  (
    await api<{ guid: string; currency_guid: string; free_spin_count: number; bonus_balance: string }[]>(
      "/billing/wallets",
      { token },
    )
  ).find((w) => w.currency_guid === usd)!;

const header = (page: Page) => page.getByRole("banner", { includeHidden: true });
const gameFrame = (page: Page) => page.frameLocator('[data-testid="game-frame"]');

async function logIn(page: Page, email: string, password: string) {
  await page.goto("/?modal=login");
  await waitForHydration(page);
  const login = page.getByRole("dialog", { name: "Log in" });
  await login.getByLabel("Email", { exact: true }).fill(email);
  await login.getByLabel("Password").fill(password);
  await login.getByRole("button", { name: "Log in", exact: true }).click();
  await page.getByTestId("header-player").waitFor();
  await header(page).getByTestId("header-wallet-currency").filter({ hasText: "USD" }).waitFor();
}

describe("bonuses: deposit without a bonus, then free spins in the house slot", () => {
  it("'No bonus' grants nothing; granted free spins show in the slot, a free spin uses one and the wallet follows", async () => {
    const email = `spins-${randomBytes(6).toString("hex")}@example.com`;
    const password = "free-spins-pass-1";
    const currencies = await api<{ guid: string; code: string }[]>("/dictionary/currencies");
    const usd = currencies.find((c) => c.code === "USD")!.guid;
    const signed = await api<{ access_token: string; profile: { id: string } }>("/signup", {
      body: { email, password, currency_guid: usd },
    });
    const token = signed.access_token;

    // The first deposit gets the seeded welcome offer (the server's default), activated at once.
    await api("/billing/deposit/test", { token, body: { amount: "20", currency_guid: usd } });
    const welcome = (await bonusesOf(token)).find((b) => b.bonus_name === "Welcome bonus");
    expect(welcome?.status).toBe("active");

    const { page, errors } = await session.open({ extraHTTPHeaders: { "x-forwarded-for": PLAYER_IP } });
    await logIn(page, email, password);
    await header(page).getByTestId("header-wallet-split").filter({ hasText: "Bonus 20.00" }).waitFor();

    // Second deposit in the dialog: the second-deposit offer is preselected; the player picks "No bonus".
    await page.goto("/?modal=deposit");
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: "Deposit" });
    const bonus = dialog.getByRole("radiogroup", { name: "Bonus" });
    const offer = bonus.getByRole("radio", { name: /Second deposit spins/ });
    await offer.waitFor();
    await expect(offer.getAttribute("aria-checked")).resolves.toBe("true");
    await expect(offer.innerText()).resolves.toContain("20 free spins at 0.20 USD");
    await bonus.getByRole("radio", { name: /No bonus/ }).click();
    await expect(bonus.getByRole("radio", { name: /No bonus/ }).getAttribute("aria-checked")).resolves.toBe("true");
    await dialog.getByRole("textbox", { name: "Amount" }).fill("15");
    await dialog.getByRole("button", { name: "Continue to payment" }).click();
    await page.waitForURL(/\/sandbox-psp\/checkout\//);
    await page.getByLabel("Name on card").fill("Spins Player");
    await page.getByLabel("Card number").fill(TEST_CARD);
    await page.getByLabel("CVV").fill("123");
    await page.getByRole("button", { name: "Pay 15 USD" }).click();
    await page.waitForURL(
      (url) => url.pathname === "/account/wallets/deposit" && url.searchParams.get("status") === "success",
    );
    // Settled (cash 35 + bonus 20): the deposit's bonus hook ran in the same transaction.
    await header(page)
      .getByTestId("header-wallet-total")
      .filter({ hasText: /^55\.00$/ })
      .waitFor({ timeout: 20_000 });
    expect((await bonusesOf(token)).map((b) => b.bonus_name)).toEqual(["Welcome bonus"]);

    // Free spins from the team: the welcome bonus is cancelled (one active bonus per wallet), marketing
    // grants "Welcome spins" by hand, and the player activates them.
    await api(`/bonuses/cancel/${welcome!.guid}`, { token, method: "PATCH" });
    const [spinsOffer] = await api<{ bonus_guid: string }[]>(
      `/bonus_hub?bonus_name=${encodeURIComponent("Welcome spins")}`,
      { token },
    );
    expect(spinsOffer).toBeDefined();
    const marketing = await signInStaff(session, "marketing");
    const staffToken = await marketing.evaluate(() => sessionStorage.getItem("croupier.backoffice.token"));
    const granted = await api<{ status: string; customer_bonus: Json & { guid: string } }>(
      `/players/${signed.profile.id}/bonuses`,
      {
        base: "/api/backoffice/v1",
        token: staffToken!,
        body: {
          bonus_guid: spinsOffer!.bonus_guid,
          currency: "USD",
          comment: "e2e: free spins for the slot",
          idempotency_key: `e2e-spins-${randomBytes(6).toString("hex")}`,
        },
      },
    );
    expect(granted.status).toBe("granted");
    await api(`/bonuses/activate/${granted.customer_bonus.guid}`, { token, method: "PATCH" });
    expect((await usdWallet(token, usd)).free_spin_count).toBe(10);

    // The house slot shows the spins and plays one at the granted bet.
    await page.goto("/game/sandstone-studio/pharaoh-gold");
    await waitForHydration(page);
    await header(page).getByTestId("header-wallet-free-spins").filter({ hasText: "10 free spins" }).waitFor();
    const spins = gameFrame(page).getByTestId("bonus-free-spins");
    await spins.filter({ hasText: "Free spins: 10 left" }).waitFor({ timeout: 20_000 });
    await expect(gameFrame(page).getByTestId("stake").innerText()).resolves.toBe("0.20");
    const spin = gameFrame(page).getByTestId("spin");
    await expect(spin.innerText()).resolves.toBe("Free spin");
    await spin.click();
    await spins.filter({ hasText: "Free spins: 9 left" }).waitFor({ timeout: 20_000 });
    await expect.poll(async () => (await usdWallet(token, usd)).free_spin_count, { timeout: 10_000 }).toBe(9);
    await header(page)
      .getByTestId("header-wallet-free-spins")
      .filter({ hasText: "9 free spins" })
      .waitFor({ timeout: 20_000 });
    expect(errors).toEqual([]);
  });
});
