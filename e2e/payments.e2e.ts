import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, waitForHydration } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// The whole money loop against the real server (scripts/e2e.mjs): the sandbox PSP's hosted card
// page, its signed webhook settling the deposit, the realtime balance event, and an asynchronous
// payout (SANDBOX_PSP_PAYOUT_DELAY_MS, 3 s by default).

/** The sandbox's always-succeeding Visa (apps/server/src/modules/payments/providers/sandbox/sandbox-cards.ts). */
const TEST_CARD = "4242 4242 4242 4242";
const DEPOSIT = "25";
const WITHDRAWAL = "20";

const { open } = useBrowserSession();

// Hidden included: the deposit-success dialog is modal, so while it is open the header behind it
// is aria-hidden, and it may open before the header's balance has caught up.
const header = (page: Page) => page.getByRole("banner", { includeHidden: true });
const headerTotal = (page: Page) => header(page).getByTestId("header-wallet-total");

/**
 * A player of its own: the demo player's balance is also moved by the game tests (a provider
 * win retried late would land in the middle of this one), and a first deposit needs a player
 * who has never deposited.
 */
async function logInAsNewPlayer(page: Page) {
  const email = `payer-${randomBytes(6).toString("hex")}@example.com`;
  const password = "payments-pass-1";
  // Signed up outside the browser: page.request shares the browser's cookie jar, and the sign-up's
  // session cookie would log the page in before the login dialog this test drives.
  const currencies = await fetch(`${baseUrl()}/api/v1/dictionary/currencies`);
  const usd = ((await currencies.json()).payload as { guid: string; code: string }[]).find((c) => c.code === "USD");
  const created = await fetch(`${baseUrl()}/api/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password, currency_guid: usd?.guid }),
  });
  expect(created.status).toBe(200);
  await page.goto("/?modal=login");
  await waitForHydration(page);
  const login = page.getByRole("dialog", { name: "Log in" });
  await login.getByLabel("Email", { exact: true }).fill(email);
  await login.getByLabel("Password").fill(password);
  await login.getByRole("button", { name: "Log in", exact: true }).click();
  await page.getByTestId("header-player").waitFor();
}

/** Make USD the active wallet (a new player may get its first wallet in another currency). */
async function activateUsd(page: Page) {
  await header(page).getByTestId("header-wallet-currency").waitFor();
  if ((await header(page).getByTestId("header-wallet-currency").innerText()).includes("USD")) return;
  await header(page).getByTestId("header-wallet").click();
  await page.getByRole("menu").getByRole("menuitemradio", { name: /USD/ }).click();
  await header(page).getByTestId("header-wallet-currency").filter({ hasText: "USD" }).waitFor();
}

/** "1,000.00" → 100000n (cents), and back. */
const cents = (text: string) => BigInt(text.replace(/,/g, "").replace(".", ""));
const money = (value: bigint) => {
  const digits = value.toString().padStart(3, "0");
  return `${digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${digits.slice(-2)}`;
};

async function expectHeaderTotal(page: Page, total: string) {
  try {
    await headerTotal(page)
      .filter({ hasText: new RegExp(`^${total.replace(/[.,]/g, "\\$&")}$`) })
      .waitFor({ timeout: 20_000 });
  } catch (error) {
    // Seen once in CI (not reproduced in five runs since): say what the page showed instead.
    const shown = await headerTotal(page).allInnerTexts().catch(() => []);
    const notice = await page.getByTestId("deposit-return").allInnerTexts().catch(() => []);
    const banner = await header(page).innerText().catch(() => "");
    throw new Error(
      `header total never became ${total}; it shows ${JSON.stringify(shown)} at ${page.url()} (header: ${JSON.stringify(banner)}); deposit notice: ${JSON.stringify(notice)}`,
      { cause: error },
    );
  }
}

describe("payments: card deposit on the sandbox page, first-deposit dialog, withdrawal paid out", () => {
  it("deposits by card, sees the balance and the deposit-success dialog, then withdraws and sees it pending, then paid", async () => {
    const { page, errors } = await open();
    await logInAsNewPlayer(page);
    await activateUsd(page);
    const before = cents(await headerTotal(page).innerText());
    const afterDeposit = money(before + cents(`${DEPOSIT}.00`));

    // The deposit dialog: methods, quick amounts, limits; the amount is checked before any call.
    await page.goto("/?modal=deposit");
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: "Deposit" });
    await expect(dialog.getByRole("radio", { name: /Bank card/ }).getAttribute("aria-checked")).resolves.toBe("true");
    await dialog.getByRole("group", { name: "Quick amounts" }).getByRole("button").first().waitFor();
    await expect(dialog.getByTestId("amount-limits").innerText()).resolves.toMatch(
      /^Min [\d,.]+ USD · Max [\d,.]+ USD$/,
    );
    const amount = dialog.getByRole("textbox", { name: "Amount" });
    await amount.fill("25.001");
    await dialog.getByRole("button", { name: "Continue to payment" }).click();
    await dialog.getByText("USD amounts have at most 2 decimal places.").waitFor();
    expect(new URL(page.url()).pathname).toBe("/");

    // On to the provider's hosted card page, without the seeded welcome offer (a plain cash deposit, withdrawable).
    await amount.fill(DEPOSIT);
    await dialog.getByRole("radio", { name: /No bonus/ }).click();
    await dialog.getByRole("button", { name: "Continue to payment" }).click();
    await page.waitForURL(/\/sandbox-psp\/checkout\//);
    await expect(page.getByTestId("amount").innerText()).resolves.toBe(`${DEPOSIT} USD`);
    await page.getByLabel("Name on card").fill("Demo Player");
    await page.getByLabel("Card number").fill(TEST_CARD);
    await page.getByLabel("CVV").fill("123");
    await page.getByLabel("Save this card for next time").check();
    await page.getByRole("button", { name: `Pay ${DEPOSIT} USD` }).click();

    // Back on the deposit page: the provider's webhook settles the payment; the header and the
    // deposit-success dialog follow without the test reloading anything.
    await page.waitForURL(
      (url) => url.pathname === "/account/wallets/deposit" && url.searchParams.get("status") === "success",
    );
    await waitForHydration(page);
    await page.evaluate(() => {
      (window as unknown as { __e2eMarker?: string }).__e2eMarker = "same-document";
    });
    await expectHeaderTotal(page, afterDeposit);
    const success = page.locator("#FlowDeposit");
    await success.waitFor({ timeout: 20_000 });
    await expect(success.getByRole("heading", { name: "Deposit successful!" }).count()).resolves.toBe(1);
    await success.getByText("successfully credited").waitFor();
    expect((await success.boundingBox())?.width).toBeLessThanOrEqual(729);
    await expect(page.evaluate(() => localStorage.getItem("is_first_deposit"))).resolves.toBe("true");
    await page.getByTestId("deposit-return").getByText("Deposit credited").waitFor();
    await expect(page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker)).resolves.toBe(
      "same-document",
    );

    // Its button closes it and leads to the bonuses.
    await success.getByRole("button", { name: "Go to my bonuses" }).click();
    await page.waitForURL((url) => /^\/(account\/bonuses|bonus-hub\/my-bonuses)/.test(url.pathname));
    await expect(page.locator("#FlowDeposit").count()).resolves.toBe(0);

    // Withdraw to the card saved on the provider's page: reserved at once (pending), paid a few seconds later.
    await page.goto("/account/wallets/withdraw");
    await waitForHydration(page);
    await page.getByText(/Visa •••• 4242/).waitFor();
    const withdrawAmount = page.getByRole("textbox", { name: "Amount" });
    await withdrawAmount.fill("999999");
    await page.getByRole("button", { name: "Request withdrawal" }).click();
    await page
      .getByRole("alert")
      .filter({ hasText: /at most your cash balance|The maximum is/ })
      .waitFor();
    await withdrawAmount.fill(WITHDRAWAL);
    await page.getByRole("button", { name: "Request withdrawal" }).click();
    await page.getByText(`Withdrawal of ${WITHDRAWAL}.00 USD requested`).waitFor();
    const recent = page.getByRole("list", { name: "Recent withdrawals" });
    await recent.getByTestId("payment-status").first().filter({ hasText: "Pending" }).waitFor();
    await expectHeaderTotal(page, money(before + cents(`${DEPOSIT}.00`) - cents(`${WITHDRAWAL}.00`)));

    // Another card added on the withdrawal page: tokenised by the server, listed and chosen; then removed after a confirmation.
    await page.getByRole("button", { name: "Add a card" }).click();
    const addCard = page.getByRole("form", { name: "Add a card" });
    await addCard.getByLabel("Card number").fill("5555555555554444");
    await expect(addCard.getByLabel("Card number").inputValue()).resolves.toBe("5555 5555 5555 4444");
    await addCard.getByLabel("Name on card").fill("Demo Player");
    await addCard.getByLabel("Expiry month").selectOption("12");
    await addCard.getByLabel("Expiry year").selectOption(String(new Date().getUTCFullYear() + 2));
    await addCard.getByRole("button", { name: "Save card" }).click();
    const mastercard = page.getByRole("radio", { name: /Mastercard •••• 4444/ });
    await mastercard.waitFor();
    await expect(mastercard.isChecked()).resolves.toBe(true);
    await page.getByRole("button", { name: /Remove Mastercard •••• 4444/ }).click();
    await page.getByRole("group", { name: /Confirm removing Mastercard/ }).getByRole("button", { name: "Yes, remove card" }).click();
    await mastercard.waitFor({ state: "detached" });

    // The history lists both; the withdrawal turns Paid once the sandbox pays out.
    await page.goto("/account/wallets/history?type=withdrawal");
    await waitForHydration(page);
    const row = page.getByTestId("payment-row").first();
    await row.getByText(`−${WITHDRAWAL}.00 USD`).waitFor();
    await row.getByTestId("payment-status").filter({ hasText: "Paid" }).waitFor({ timeout: 20_000 });
    await page.goto("/account/wallets/history?type=deposit&status=successful");
    await waitForHydration(page);
    await page
      .getByTestId("payment-row")
      .first()
      .getByTestId("payment-status")
      .filter({ hasText: "Credited" })
      .waitFor();
    await expect(page.getByTestId("payment-row").count()).resolves.toBe(1);
    // The sandbox's pages link no icon, so Chromium asks for /favicon.ico there (a 404 outside the app).
    expect(errors.filter((line) => !line.includes("/favicon.ico"))).toEqual([]);
  }, 90_000);
});
