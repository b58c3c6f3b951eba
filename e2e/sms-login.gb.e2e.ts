import { randomBytes, randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { baseUrl, waitForHydration } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// Log in by SMS code in the browser (ADR 025). The sms-auth flag is off by default: a *.gb.e2e.ts file, run by
// scripts/e2e.mjs against a server of its own with the UK profile and the flag on.

const { open } = useBrowserSession();

const api = async (path: string, init: { method?: string; token?: string; body?: unknown } = {}) => {
  const response = await fetch(`${baseUrl()}/api/v1${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: { "content-type": "application/json", ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  return (await response.json()) as { status: string; payload: Record<string, unknown> };
};


/** The newest text to `phone` in the dev outbox containing a 6-digit code, after `since` (texts are written after the answer: polled). */
async function textedCode(phone: string, since: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const body = (await (await fetch(`${baseUrl()}/dev/outbox.json?to=${encodeURIComponent(phone)}`)).json()) as {
      payload: { text: string; created_at: string }[];
    };
    const code = body.payload
      .filter((m) => Date.parse(m.created_at) >= since - 1000)
      .map((m) => /\b(\d{6})\b/.exec(m.text)?.[1])
      .find(Boolean);
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no texted code to ${phone}`);
}

describe("log in by SMS code in the browser", () => {
  it("a player with a verified phone logs in with the texted code from the login dialog", async () => {
    // A player of this file's own, with a phone verified through the profile's SMS code.
    const email = `sms-${randomBytes(5).toString("hex")}@example.com`;
    const currencies = (await api("/dictionary/currencies")).payload as unknown as { guid: string; code: string }[];
    const usd = currencies.find((c) => c.code === "USD")!;
    const signup = await api("/signup", { body: { email, password: "velvet-roulette-42", currency_guid: usd.guid } });
    const token = String(signup.payload.access_token);
    // The UK profile asks every new player about a deposit limit; this player has answered it already.
    expect((await api("/responsible-gaming/limit-prompt", { token, body: { answer: "declined" } })).status).toBe("ok");
    const phone = { code: "44", number: `7700${String(randomInt(0, 1_000_000)).padStart(6, "0")}` };
    const e164 = `+${phone.code}${phone.number}`;
    expect((await api("/profile", { token, body: { phone } })).status).toBe("ok");
    let since = Date.now();
    expect((await api("/profile/sms-code/request", { token, body: {} })).status).toBe("ok");
    expect(
      (await api("/profile/sms-code/verify", { token, body: { code: await textedCode(e164, since) } })).status,
    ).toBe("ok");

    const { page } = await open();
    await page.goto("/?modal=login");
    await waitForHydration(page);
    const login = page.getByRole("dialog", { name: "Log in" });
    await login.getByRole("tab", { name: "SMS code" }).click();
    await login.getByLabel("Mobile number").fill(`0${phone.number}`);
    since = Date.now();
    await login.getByRole("button", { name: "Text me a code" }).click();
    const code = await textedCode(e164, since);
    await login.getByRole("textbox", { name: "SMS code" }).fill(code);
    await login.getByRole("button", { name: "Log in", exact: true }).click();
    await page.getByTestId("header-player").filter({ hasText: email }).waitFor();
  });
});
