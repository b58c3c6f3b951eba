import { describe, expect, it } from "vitest";
import { notificationKind } from "@croupier/contract/entities/notifications";
import { renderHistoryEntry } from "../../src/modules/account/render-history-entry.ts";
import { renderNotification } from "../../src/modules/notifications/render-notification.ts";

// The one place notification and history texts come from: every kind reads its params, and a missing
// param degrades the sentence without failing.

describe("renderNotification", () => {
  it("renders every kind with its params", () => {
    expect(renderNotification("deposit_settled", { amount: "15.00", currency: "EUR" })).toEqual({
      title: "Deposit received",
      body: "Your deposit of 15.00 EUR is in your balance.",
    });
    expect(renderNotification("withdrawal_paid", { amount: "30.00", currency: "USD" }).body).toBe(
      "Your withdrawal of 30.00 USD has been paid out.",
    );
    expect(
      renderNotification("withdrawal_declined", { amount: "5.00", currency: "USD", reason: "Verify first" }).body,
    ).toBe("Your withdrawal of 5.00 USD was declined and the money is back in your balance. Reason: Verify first");
    expect(renderNotification("document_approved", { document_type: "proof_of_address" }).body).toBe(
      "Your proof of address was approved.",
    );
    expect(
      renderNotification("document_rejected", { document_type: "passport", comment: "The photo is blurred." }).body,
    ).toBe("Your passport was rejected. The photo is blurred.");
    expect(
      renderNotification("limit_change_effective", {
        limit_type: "deposit",
        period: "week",
        amount: "200.00",
        currency: "USD",
      }).body,
    ).toBe("Your weekly deposit limit is now 200.00 USD.");
    // The limits module's session-time limit: period "session", the unit in place of a currency.
    expect(
      renderNotification("limit_change_effective", {
        limit_type: "session_time",
        period: "session",
        amount: "30",
        currency: "minutes",
      }).body,
    ).toBe("Your session time limit is now 30 minutes.");
    expect(
      renderNotification("limit_change_effective", { limit_type: "loss", period: "day", amount: "", currency: "USD" })
        .body,
    ).toBe("Your daily loss limit has been removed.");
    expect(
      renderNotification("limit_increase_ready", {
        limit_type: "wager",
        period: "month",
        amount: "900.00",
        currency: "USD",
      }).body,
    ).toBe("The 24-hour cooling-off is over: confirm your new monthly wager limit of 900.00 USD to apply it.");
  });

  it("never fails over missing params", () => {
    for (const kind of notificationKind.options) {
      const text = renderNotification(kind, {});
      expect(text.title.length, kind).toBeGreaterThan(0);
      expect(text.body, kind).not.toMatch(/undefined|null/);
    }
  });
});

describe("renderHistoryEntry", () => {
  it("describes logins, limits, exclusions and documents from their details", () => {
    expect(
      renderHistoryEntry("login", {
        browser: "Firefox",
        os: "Linux",
        device: "desktop",
        ip: "203.0.113.9",
        country: "DE",
      }),
    ).toEqual({
      title: "Logged in",
      description: "Firefox, Linux, desktop · 203.0.113.9, DE",
    });
    expect(
      renderHistoryEntry("limit_increase_requested", {
        limit_type: "deposit",
        period: "day",
        currency: "EUR",
        old_amount: "50.00",
        new_amount: "80.00",
        effective_at: "2026-11-26T10:00:00.000Z",
      }),
    ).toEqual({
      title: "Deposit limit (daily) increase requested",
      description: "50.00 EUR → 80.00 EUR · from 2026-11-26",
    });
    expect(
      renderHistoryEntry("limit_set", { limit_type: "session_time", new_minutes: "45", by_staff: "true" }).description,
    ).toBe("45 min · by our team");
    expect(
      renderHistoryEntry("exclusion_self_exclusion", { period: "1y", ends_at: "2027-11-25T10:00:00.000Z" }),
    ).toEqual({
      title: "Self-exclusion",
      description: "1 year · until 2027-11-25",
    });
    expect(renderHistoryEntry("exclusion_operator", {}).description).toBe("until further notice");
    expect(
      renderHistoryEntry("document_rejected", {
        document_type: "selfie",
        file_name: "me.jpg",
        comment: "Face not visible",
      }),
    ).toEqual({
      title: "Selfie rejected",
      description: "me.jpg · Face not visible",
    });
  });
});
