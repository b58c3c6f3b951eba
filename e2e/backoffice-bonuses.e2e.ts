import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { auditAccessibility, formatViolations } from "./support/axe.ts";
import { signInStaff } from "./support/backoffice.ts";
import { baseUrl } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// Issue #17 in the console: marketing creates a manual fixed-amount campaign with the editor (its preview
// showing the player's card), activates it and edits it into a version 2 whose changed terms the history
// shows; an administrator grants it to a new player from the player page's Bonuses tab and cancels it.

const session = useBrowserSession();

/** A new player with a USD wallet (a demo test deposit makes it). */
async function newPlayer(): Promise<string> {
  const email = `bonus-${randomBytes(6).toString("hex")}@example.com`;
  const currencies = await fetch(`${baseUrl()}/api/v1/dictionary/currencies`);
  const usd = ((await currencies.json()).payload as { guid: string; code: string }[]).find((c) => c.code === "USD");
  const created = await fetch(`${baseUrl()}/api/v1/signup`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "bonus-player-pass-1", currency_guid: usd?.guid }),
  });
  expect(created.status).toBe(200);
  const token = ((await created.json()).payload as { access_token: string }).access_token;
  const deposit = await fetch(`${baseUrl()}/api/v1/billing/deposit/test`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ amount: "20", currency_guid: usd?.guid }),
  });
  expect(deposit.status, await deposit.clone().text()).toBe(200);
  return email;
}

describe("back office: bonuses", () => {
  it("marketing creates, activates and versions a campaign; an administrator grants it to a player and cancels it", async () => {
    const name = `Goodwill ${randomBytes(3).toString("hex")}`;
    const staff = await signInStaff(session, "marketing");
    await staff.getByRole("link", { name: "Bonus campaigns" }).first().click();
    await staff.getByRole("heading", { name: "Bonus campaigns" }).waitFor();
    await staff.getByRole("button", { name: "New campaign" }).click();
    // The list has a Type filter too: wait for the editor before touching its fields.
    await staff.getByRole("heading", { name: "New campaign" }).waitFor();

    await staff.getByLabel("Type").selectOption("fixed_amount");
    await staff.getByLabel("Trigger", { exact: true }).selectOption("manual");
    await staff.getByLabel("Name", { exact: true }).fill(name);
    await staff.getByLabel("Full terms").fill("Staff goodwill bonus. Wager 10 times within 7 days.");
    await staff.getByLabel("USD amount granted").fill("5");
    await staff.getByLabel("EUR amount granted").fill("5");
    const card = staff.getByTestId("offer-card");
    await card.getByText("5 USD", { exact: true }).first().waitFor();
    await card.getByText("Wager ×10").first().waitFor();
    await staff.getByRole("button", { name: "Create campaign" }).click();

    await staff.getByRole("heading", { name }).waitFor();
    await staff.getByText("Draft", { exact: true }).waitFor();
    await staff.getByRole("button", { name: "Activate now…" }).click();
    const activate = staff.getByRole("dialog", { name: "Activate the campaign now" });
    await activate.getByRole("button", { name: "Activate" }).click();
    await staff.getByText("Campaign active.").waitFor();
    await staff.getByText("Active", { exact: true }).first().waitFor();

    await staff.getByRole("button", { name: "Edit terms" }).click();
    await staff.getByLabel("Wagering (× the bonus)").fill("5");
    await staff.getByRole("button", { name: "Save as a new version" }).click();
    await staff.getByText("Saved as version 2.").waitFor();
    const changes = staff.getByRole("table", { name: "Changes in version 2" });
    await changes.waitFor();
    expect(await changes.getByRole("row").filter({ hasText: "bonus_wager" }).innerText()).toMatch(/10\s+5/);

    const email = await newPlayer();
    const admin = await signInStaff(session, "admin");
    await admin.getByRole("link", { name: "Players" }).first().click();
    await admin.getByRole("searchbox", { name: "Search players" }).fill(email);
    await admin.getByRole("button", { name: "Search" }).click();
    await admin
      .getByRole("table", { name: `Players matching “${email}”` })
      .getByRole("row")
      .filter({ hasText: email })
      .click();
    await admin.getByRole("heading", { name: email }).waitFor();
    await admin.getByRole("tab", { name: "Bonuses" }).click();

    await admin.getByRole("button", { name: "Grant bonus…" }).click();
    const grant = admin.getByRole("dialog", { name: "Grant a bonus" });
    const campaign = grant.getByLabel("Campaign");
    await campaign.locator("option", { hasText: name }).waitFor({ state: "attached" });
    await campaign.selectOption({ label: `${name} (Fixed amount, active)` });
    await grant.getByLabel("Comment").fill("Sorry for the outage");
    await grant.getByRole("button", { name: "Grant" }).click();
    await admin
      .getByText(`“${name}” granted`, { exact: false })
      .waitFor()
      .catch(async (error: unknown) => {
        throw new Error(`${String(error)}\nthe dialog says: ${await grant.innerText().catch(() => "(closed)")}`);
      });

    const grid = admin.getByRole("table", { name: "Player's bonuses" });
    const row = grid.getByRole("row").filter({ hasText: name });
    await row.waitFor();
    expect(await row.innerText()).toMatch(/5\.00 USD/);
    await row.getByRole("button", { name: `Cancel ${name}` }).click();
    const cancel = admin.getByRole("dialog", { name: "Cancel this bonus?" });
    await cancel.getByLabel("Reason").fill("Granted by mistake");
    await cancel.getByRole("button", { name: /Cancel and forfeit|Withdraw the offer/ }).click();
    await admin.getByText(/Bonus cancelled;/).waitFor();
    await grid.getByRole("row").filter({ hasText: name }).getByText("Cancelled").waitFor();
  });

  it("marketing creates a rakeback campaign with its rates; activating it while the demo rakeback runs is refused (issue #18)", async () => {
    const name = `Rakeback ${randomBytes(3).toString("hex")}`;
    const staff = await signInStaff(session, "marketing");
    await staff.goto("/backoffice/bonuses/new");
    await staff.getByRole("heading", { name: "New campaign" }).waitFor();
    await staff.getByLabel("Type").selectOption("rakeback");
    // The type binds the trigger and makes the campaign cumulative.
    expect(await staff.getByLabel("Trigger", { exact: true }).inputValue()).toBe("scheduled");
    expect(await staff.getByRole("checkbox", { name: "Cumulative" }).isChecked()).toBe(true);
    await staff.getByLabel("Name", { exact: true }).fill(name);
    await staff.getByLabel("Full terms").fill("Two percent of slots stakes back, paid as cash.");
    await staff.getByLabel("Slots rakeback (%)").fill("2");
    await staff.getByRole("button", { name: "Create campaign" }).click();
    await staff.getByRole("heading", { name }).waitFor();
    await staff.getByTestId("offer-card").getByText("Rakeback: 2% slots", { exact: true }).waitFor();

    await staff.getByRole("button", { name: "Activate now…" }).click();
    const activate = staff.getByRole("dialog", { name: "Activate the campaign now" });
    await activate.getByRole("button", { name: "Activate" }).click();
    await activate.getByText(/Only one rakeback campaign can run at a time: "Rakeback" is active/).waitFor();
    await staff.keyboard.press("Escape");
    await staff.getByText("Draft", { exact: true }).waitFor();
  });

  it("the bonus pages and dialogs pass WCAG 2.1 A and AA (axe)", async () => {
    const report: string[] = [];
    const audit = async (page: Page, where: string, include?: string) => {
      await page.waitForLoadState("networkidle").catch(() => undefined);
      const violations = await auditAccessibility(page, include ? { include } : {});
      if (violations.length > 0) report.push(formatViolations(where, violations));
    };
    // axe is injected as a script: the console's policy refuses that unless the context bypasses it.
    const staff = await signInStaff({ open: () => session.open({ bypassCSP: true }) }, "marketing");
    await staff.goto("/backoffice/bonuses");
    await staff.getByRole("table", { name: "Bonus campaigns" }).getByRole("row").nth(1).waitFor();
    await audit(staff, "/backoffice/bonuses");

    await staff.getByRole("table", { name: "Bonus campaigns" }).getByRole("row").nth(1).click();
    await staff.getByRole("heading", { name: "Versions" }).waitFor();
    await audit(staff, "campaign page");
    await staff.getByRole("button", { name: "End…" }).click();
    await staff.getByRole("dialog", { name: "End the campaign" }).waitFor();
    await audit(staff, "end dialog", "[role=dialog]");
    await staff.keyboard.press("Escape");
    await staff.getByRole("dialog").waitFor({ state: "detached" });

    await staff.goto("/backoffice/bonuses/new");
    await staff.getByRole("heading", { name: "New campaign" }).waitFor();
    await staff.getByLabel("Type").selectOption("free_spins");
    await staff.getByRole("button", { name: "Choose games…" }).click();
    await staff.getByRole("searchbox", { name: "Search games" }).waitFor();
    await staff.getByRole("button", { name: "Create campaign" }).click();
    await staff.getByText(/fields? needs? attention/).waitFor();
    await audit(staff, "/backoffice/bonuses/new (with errors and the game picker)");

    await staff.goto("/backoffice/bonus-labels");
    await staff.getByRole("button", { name: "Add a label" }).click();
    await staff.getByRole("dialog", { name: "Add a label" }).waitFor();
    await audit(staff, "/backoffice/bonus-labels and its dialog");
    expect(report.join("\n\n")).toBe("");
  });
});
