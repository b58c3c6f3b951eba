import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  completeTwoFactor,
  DEMO_STAFF_PASSWORD,
  demoStaffEmail,
  enterStaffCredentials,
  nextTotpCode,
  readStaffSecret,
  signInStaff,
} from "./support/backoffice.ts";
import { baseUrl } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// The staff console's sign-in: password, two-factor enrolment with a code computed from the secret the
// console shows, recovery codes shown once, sign out, sign in again with a fresh code or a recovery code,
// an ended session, and a role that may not open a page.
const { open } = useBrowserSession();

describe("back office: sign-in", () => {
  it("an administrator enrols two-factor, keeps the recovery codes, signs out and back in with a code and with a recovery code", async () => {
    // A staff member of its own, created by the demo admin: other files sign the demo staff in first, in
    // an order vitest does not promise, so the demo admin may already be enrolled here.
    const admin = await signInStaff({ open }, "admin");
    const adminToken = await admin.evaluate(() => sessionStorage.getItem("croupier.backoffice.token"));
    const email = `sign-in-${randomBytes(4).toString("hex")}@croupier.test`;
    const password = "a-fresh-staff-password-1";
    const created = await fetch(`${baseUrl()}/api/backoffice/v1/staff`, {
      method: "POST",
      headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
      body: JSON.stringify({ email, display_name: "Sign-in test", role: "admin", password }),
    });
    expect(created.status, await created.clone().text()).toBe(200);

    const { page, errors } = await open();
    await enterStaffCredentials(page, email, password);
    await page.getByRole("img", { name: `Two-factor QR code for ${email}` }).waitFor();
    const codes = await completeTwoFactor(page, email);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);

    // Home: the role's pages, and the header says who is signed in.
    await page.getByRole("heading", { name: /^Hello, / }).waitFor();
    expect(await page.getByTestId("staff-role").innerText()).toBe("Administrator");
    const nav = page.getByRole("navigation", { name: "Console" });
    await nav.getByRole("link", { name: "Staff" }).waitFor();
    await nav.getByRole("link", { name: "Audit log" }).waitFor();
    expect(page.url()).toMatch(/\/backoffice\/?$/);

    await page.getByRole("button", { name: "Sign out" }).click();
    await page.getByRole("heading", { name: "Sign in to the back office" }).waitFor();
    expect(await page.evaluate(() => Object.keys(sessionStorage))).not.toContain("croupier.backoffice.token");

    // Again, with a fresh code from the same secret.
    await enterStaffCredentials(page, email, password);
    expect(await completeTwoFactor(page, email)).toBeNull();
    await page.getByRole("heading", { name: /^Hello, / }).waitFor();

    // And with a recovery code instead of the app.
    await page.getByRole("button", { name: "Sign out" }).click();
    await enterStaffCredentials(page, email, password);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(codes![0]!);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("button", { name: "Sign out" }).waitFor();

    // The same recovery code does not work twice.
    await page.getByRole("button", { name: "Sign out" }).click();
    await enterStaffCredentials(page, email, password);
    await page.getByRole("button", { name: "Use a recovery code" }).click();
    await page.getByLabel("Recovery code").fill(codes![0]!);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("alert").filter({ hasText: /wrong|used|not valid/i }).waitFor();

    expect(errors.filter((error) => !/status of 401/.test(error))).toEqual([]);
  });

  it("a wrong password is refused with the agreed message", async () => {
    const { page } = await open();
    await page.goto(`${baseUrl()}/backoffice/sign-in`);
    await page.getByLabel("Email").fill(demoStaffEmail("admin"));
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByRole("alert").filter({ hasText: "Wrong email or password." }).waitFor();
  });

  it("an ended session sends the staff member back to sign in, saying why, and then to the page they wanted", async () => {
    // Compliance (audit.read), not admin: the admin's codes above used this step and the next already.
    const page = await signInStaff({ open }, "compliance");
    await page.evaluate(() => sessionStorage.setItem("croupier.backoffice.token", "ended.session.token"));
    await page.goto(`${baseUrl()}/backoffice/audit-log`);
    await page.getByText("Your session has ended. Please sign in again.").waitFor();

    const email = demoStaffEmail("compliance");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Password").fill(DEMO_STAFF_PASSWORD);
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByLabel("Six-digit code from your authenticator app").fill(await nextTotpCode(email, readStaffSecret(email)!));
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Audit log" }).waitFor();
    expect(page.url()).toBe(`${baseUrl()}/backoffice/audit-log`);
  });

  it("a role sees only its pages, and a page it may not use says so", async () => {
    const page = await signInStaff({ open }, "marketing");
    const nav = page.getByRole("navigation", { name: "Console" });
    await nav.getByRole("link", { name: "My account" }).waitFor();
    expect(await nav.getByRole("link", { name: "Staff" }).count()).toBe(0);
    expect(await nav.getByRole("link", { name: "Audit log" }).count()).toBe(0);

    await page.goto(`${baseUrl()}/backoffice/staff`);
    await page.getByText("Your role does not allow this page.").waitFor();
  });
});

