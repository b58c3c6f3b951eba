import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { StaffRole } from "@croupier/contract/staff-permissions";
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from "@croupier/db/seed/seed-staff-demo";
import { Secret, TOTP } from "otpauth";
import type { Browser, Page } from "playwright-core";
import { baseUrl, openPage, type TrackedPage } from "./browser.ts";

// Signing staff into the back-office console from browser tests. The demo seed (DEMO_MODE) has one staff
// member per role (packages/db/src/seed/seed-staff-demo.ts), all with DEMO_STAFF_PASSWORD. The first sign-in of each enrols
// two-factor: the helper reads the secret the console shows, computes the codes (RFC 6238, like an
// authenticator app) and remembers the secret for the later sign-ins of the run, in a file, because each
// e2e file runs in its own module context but all share one server.

export { DEMO_STAFF_PASSWORD };
export const demoStaffEmail = (role: StaffRole): string => {
  const staff = DEMO_STAFF.find((member) => member.role === role);
  if (!staff) throw new Error(`the demo seed has no ${role}`);
  return staff.email;
};

const STEP_MS = 30_000;

type Remembered = { secret: string; lastStep: number };

function memoryFile(): string {
  const run = createHash("sha256").update(baseUrl()).digest("hex").slice(0, 12);
  return path.join(os.tmpdir(), `croupier-e2e-staff-${run}.json`);
}

function readMemory(): Record<string, Remembered> {
  try {
    return JSON.parse(fs.readFileSync(memoryFile(), "utf8")) as Record<string, Remembered>;
  } catch {
    return {};
  }
}

function remember(email: string, value: Remembered) {
  fs.writeFileSync(memoryFile(), JSON.stringify({ ...readMemory(), [email]: value }));
}

const totp = (secret: string) => new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/**
 * A code the server accepts now: the server takes the current step or the one either side, and never a
 * step at or before the last it accepted. Signing in twice within a step uses the next step's code; a
 * third time waits for the clock.
 */
export async function nextTotpCode(email: string, secret: string): Promise<string> {
  const lastStep = readMemory()[email]?.lastStep ?? -1;
  let now = Math.floor(Date.now() / STEP_MS);
  const step = Math.max(now, lastStep + 1);
  while (step > now + 1) {
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * STEP_MS - Date.now() + 50));
    now = Math.floor(Date.now() / STEP_MS);
  }
  remember(email, { secret, lastStep: step });
  return totp(secret).generate({ timestamp: step * STEP_MS + 1 });
}

/** The two-factor secret this run enrolled for `email`, if any. */
export function readStaffSecret(email: string): string | undefined {
  return readMemory()[email]?.secret;
}

/** Email and password on the console's sign-in page; resolves once the next step is on screen. */
export async function enterStaffCredentials(page: Page, email: string, password = DEMO_STAFF_PASSWORD) {
  await page.goto(`${baseUrl()}/backoffice/sign-in`);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("heading", { name: /Set up two-factor sign-in|Two-factor sign-in/ }).waitFor();
}

/**
 * Completes two-factor after enterStaffCredentials: enrols (returns the recovery codes shown, after
 * pressing "I have saved them") or verifies with a fresh code (returns null). Ends in the console.
 */
export async function completeTwoFactor(page: Page, email: string): Promise<string[] | null> {
  const enrolling = await page.getByRole("heading", { name: "Set up two-factor sign-in" }).isVisible();
  if (enrolling) {
    const secret = (await page.getByTestId("totp-secret").innerText()).trim();
    await page.getByLabel("Six-digit code from your authenticator app").fill(await nextTotpCode(email, secret));
    await page.getByRole("button", { name: "Turn on two-factor" }).click();
    const list = page.getByTestId("recovery-codes");
    await list.waitFor();
    const codes = (await list.locator("li").allInnerTexts()).map((code) => code.trim());
    await page.getByRole("button", { name: "I have saved them" }).click();
    await page.getByRole("button", { name: "Sign out" }).waitFor();
    return codes;
  }
  const known = readMemory()[email];
  if (!known) throw new Error(`${email} has two-factor set up already, but not by this e2e run: its secret is unknown`);
  await page.getByLabel("Six-digit code from your authenticator app").fill(await nextTotpCode(email, known.secret));
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Sign out" }).waitFor();
  return null;
}

type PageSource = Browser | { open: () => Promise<TrackedPage> };

/**
 * Signs the demo staff member of `role` into the console in a fresh browser context and returns the page,
 * on the console's Home. Takes a Browser or the `useBrowserSession()` object (whose contexts close after
 * each test).
 */
export async function signInStaff(source: PageSource, role: StaffRole): Promise<Page> {
  const { page } = "open" in source ? await source.open() : await openPage(source);
  const email = demoStaffEmail(role);
  await enterStaffCredentials(page, email);
  await completeTwoFactor(page, email);
  return page;
}
