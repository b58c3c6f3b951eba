import { ChatLauncher } from "../features/live-chat/chat-launcher";
import { useRealtime } from "../features/realtime/realtime-provider";

/** The live-chat widget on the player's realtime connection (none for visitors, who poll). */
export function LiveChatMount() {
  const { client, state } = useRealtime();
  return <ChatLauncher client={client} state={state} />;
}
