import { loadScript } from "./load-script";
import { vendorWindow } from "./vendor-globals";

/** The seed's live-chat session variables. */
export type LiveChatSession = { name: string; player_id: string; email: string; has_deposit: boolean };

const EMPTY: LiveChatSession = { name: "", player_id: "", email: "", has_deposit: false };

function asVariables(session: LiveChatSession): Record<string, string> {
  return { name: session.name, player_id: session.player_id, email: session.email, has_deposit: String(session.has_deposit) };
}

/** The external live chat's widget (LiveChat's tracking.js), started hidden: the player opens it from the page. */
export function startLiveChat(config: { user_id: string; script_url: string }): Promise<void> {
  const win = vendorWindow();
  const numeric = Number(config.user_id);
  win.__lc = { license: Number.isFinite(numeric) ? numeric : config.user_id, integration_name: "croupier" };
  return loadScript(config.script_url).then(() => liveChatCall("hide"));
}

function liveChatCall(method: string, ...args: unknown[]) {
  vendorWindow().LiveChatWidget?.call(method, ...args);
}

/** Fills the session variables (the profile loaded) or resets them (logout: no player's data stays in the widget). */
export function setLiveChatSession(session: LiveChatSession | null) {
  const value = session ?? EMPTY;
  liveChatCall("set_session_variables", asVariables(value));
  liveChatCall("set_customer_name", value.name);
  liveChatCall("set_customer_email", value.email);
}

export function maximizeLiveChat() {
  liveChatCall("maximize");
}
