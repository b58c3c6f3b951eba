import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { signInStaff } from "./support/backoffice.ts";
import { baseUrl, waitForHydration } from "./support/browser.ts";
import { useBrowserSession } from "./support/browser-session.ts";

// Live chat (issue #15, capability 5): a player's browser and a staff member's console exchange messages
// live, each sees the other typing, and the player's chat button counts what arrived while it was closed.
const { open } = useBrowserSession();

/**
 * Logs the demo player in from a page of the origin (the session lives in the HttpOnly __Host- cookie,
 * which test code cannot plant), then reloads so the page renders logged in with its realtime socket.
 */
async function logInDemoPlayer(page: Page) {
  const started = page.waitForResponse((r) => r.url().endsWith("/api/v1/session/update"));
  await page.goto("/");
  await started;
  const status = await page.evaluate(async () => {
    const response = await fetch("/api/v1/authorization/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "demo@example.com", password: "demo-password-1" }),
    });
    return response.status;
  });
  expect(status).toBe(200);
  await page.reload();
  await waitForHydration(page);
}

describe("live chat", () => {
  it("a player and a support agent chat live, with typing indicators and the unread badge", async () => {
    const staff = await signInStaff({ open }, "support");
    await staff.goto(`${baseUrl()}/backoffice/chat`);
    await staff.getByText("Connected: players see that support is online.").waitFor();

    const { page: player, errors } = await open();
    await logInDemoPlayer(player);
    await player.getByTestId("chat-launcher").click();
    const panel = player.getByRole("dialog", { name: "Live chat" });
    await panel.waitFor();
    await panel.getByText("Support is online").waitFor();

    const text = `Hello from the e2e player ${Date.now()}`;
    await panel.getByLabel("Message", { exact: true }).fill(text);
    await panel.getByLabel("Message", { exact: true }).press("Enter");
    // The message itself, not the composer, which still holds the text until the send is answered.
    await panel.getByTestId("chat-message").filter({ hasText: text }).waitFor();

    // The console hears of it without a reload and opens it.
    const item = staff.getByTestId("chat-conversation-item").filter({ hasText: text.slice(0, 40) });
    await item.waitFor();
    await item.click();
    const conversation = staff.getByTestId("chat-conversation");
    await conversation.getByText(text).waitFor();
    await conversation.getByTestId("chat-player-link").waitFor();

    // Player typing → console.
    await panel.getByLabel("Message", { exact: true }).pressSequentially("Are you");
    await staff.getByTestId("chat-player-typing").waitFor();

    // Staff typing → player, then the answer arrives live and the typing line goes.
    const answer = "Hi! How can I help you today?";
    await staff.getByLabel("Your answer").pressSequentially("Hi!");
    await player.getByTestId("chat-staff-typing").waitFor();
    await staff.getByLabel("Your answer").fill(answer);
    await staff.getByLabel("Your answer").press("Enter");
    await panel.getByTestId("chat-message").filter({ hasText: answer }).waitFor();
    await conversation.getByText("Assigned to you", { exact: false }).waitFor();

    // Closed panel: the next answer shows as one unread message on the chat button.
    await player.keyboard.press("Escape");
    await panel.waitFor({ state: "detached" });
    await staff.getByLabel("Your answer").fill("Are you still there?");
    await staff.getByLabel("Your answer").press("Enter");
    await player.getByRole("button", { name: "Live chat, 1 unread message" }).waitFor();
    expect(await player.getByTestId("chat-unread").innerText()).toBe("1");

    // Opening it reads the message and clears the badge.
    await player.getByTestId("chat-launcher").click();
    await panel.getByTestId("chat-message").filter({ hasText: "Are you still there?" }).waitFor();
    await player.getByTestId("chat-unread").waitFor({ state: "detached" });
    expect(errors).toEqual([]);
    // Two browsers, a staff sign-in with two-factor and several live round trips: more than the default 30 s on a busy machine.
  }, 90_000);
});
