import { ChatLauncher } from "../features/live-chat/chat-launcher";
import { useExternalLiveChatActive } from "../features/external-services/started-services";
import { useRealtime } from "../features/realtime/realtime-provider";

/** The live-chat widget on the player's realtime connection (none for visitors, who poll). */
export function LiveChatMount() {
  const { client, state } = useRealtime();
  // An operator's external live chat, once running, is the chat (issue #19); otherwise this built-in one.
  const external = useExternalLiveChatActive();
  if (external) return null;
  return <ChatLauncher client={client} state={state} />;
}
