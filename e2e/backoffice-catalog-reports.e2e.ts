import { describe, expect, it } from "vitest";
import { signInStaff } from "./support/backoffice.ts";
import { baseUrl } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// Issue #15 capabilities 6 and 4 in the browser: marketing switches a game off in the console and
// the player API stops listing it on the next request (then switches it back); the reports page
// shows the window's figures and downloads a CSV.

const session = useBrowserSession();

type Game = { guid: string; external_guid: string; game_name: string };

async function listed(externalGuid: string): Promise<number> {
  const res = await fetch(`${baseUrl()}/api/v1/catalog/games?external_guid=${encodeURIComponent(externalGuid)}`);
  return ((await res.json()).payload as Game[]).length;
}

describe("back office: catalogue and reports", () => {
  it("marketing disables a game and players stop seeing it at once; enabling brings it back", async () => {
    const first = await fetch(`${baseUrl()}/api/v1/catalog/games?per_page=1`);
    const game = ((await first.json()).payload as Game[])[0]!;
    expect(await listed(game.external_guid)).toBe(1);

    const staff = await signInStaff(session, "marketing");
    await staff.getByRole("link", { name: "Catalogue" }).first().click();
    await staff.getByRole("searchbox", { name: "Name or id" }).fill(game.external_guid);
    await staff.getByRole("button", { name: "Filter" }).click();
    const toggle = staff.getByRole("switch", { name: `${game.game_name} enabled` });
    await expect.poll(() => toggle.getAttribute("aria-checked")).toBe("true");

    await toggle.click();
    await staff.getByText(`${game.game_name} disabled`).waitFor();
    expect(await toggle.getAttribute("aria-checked")).toBe("false");
    expect(await listed(game.external_guid)).toBe(0);

    await toggle.click();
    await staff.getByText(`${game.game_name} enabled`, { exact: true }).waitFor();
    expect(await listed(game.external_guid)).toBe(1);
  });

  it("the reports page shows the totals and downloads the daily CSV", async () => {
    const staff = await signInStaff(session, "finance");
    await staff.getByRole("link", { name: "Reports" }).first().click();
    await staff.getByRole("heading", { name: "Reports" }).waitFor();
    // The demo seed deposited USD today.
    await staff.getByLabel("Currency").selectOption("USD");
    await staff.getByRole("button", { name: "Show" }).click();
    const totals = staff.getByRole("region", { name: "Totals in USD" });
    // The region can show its loading state first: wait for the figures, then check there is one Deposits line.
    await totals.getByText("Deposits").first().waitFor();
    expect(await totals.getByText("Deposits").count()).toBe(1);
    await staff.getByRole("table", { name: "Daily figures" }).waitFor();

    const [download] = await Promise.all([
      staff.waitForEvent("download"),
      staff.getByRole("button", { name: "Daily CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^croupier_daily_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}_USD\.csv$/);
    await staff.getByText(/^Downloaded croupier_daily_/).waitFor();
  });
});
