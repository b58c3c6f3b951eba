import { chatInboxView, type ChatInboxView } from "@croupier/contract/backoffice/live-chat";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { Button } from "../components/button";
import { PageHeader } from "../components/page-header";
import { LoadingBlock } from "../components/states";
import { CannedRepliesDialog } from "../features/live-chat/canned-replies-dialog";
import { ConversationView } from "../features/live-chat/conversation-view";
import { InboxList } from "../features/live-chat/inbox-list";
import { useStaffChatSocket } from "../features/live-chat/use-staff-chat-socket";
import { useMe } from "../lib/me";
import { can } from "../lib/permissions";

/** The live-chat inbox: tabs and conversations on the left, the chosen conversation on the right. ?view=&c= keep the place. */
export default function ChatPage() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const [cannedOpen, setCannedOpen] = useState(false);
  const socket = useStaffChatSocket();
  const parsedView = chatInboxView.safeParse(params.get("view"));
  const view: ChatInboxView = parsedView.success ? parsedView.data : "unassigned";
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);
  const selectedId = params.get("c");

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [key, value] of Object.entries(changes)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  if (!me.data) return <LoadingBlock />;
  const canReply = can(me.data, "chat.reply");

  return (
    <div className="flex h-[calc(100dvh-7rem)] min-h-[28rem] flex-col">
      <PageHeader
        title="Live chat"
        description={
          <span data-testid="chat-connection">
            {socket.connected
              ? canReply
                ? "Connected: players see that support is online."
                : "Connected."
              : "Connecting… messages still arrive when you reload."}
          </span>
        }
        actions={
          canReply ? (
            <Button variant="secondary" onClick={() => setCannedOpen(true)}>
              Canned replies
            </Button>
          ) : null
        }
      />
      <div className="grid min-h-0 flex-1 grid-cols-[minmax(16rem,22rem)_1fr] gap-6">
        <InboxList
          view={view}
          page={page}
          selectedId={selectedId}
          typing={socket.typing}
          onView={(next) => update({ view: next, page: null })}
          onPage={(next) => update({ page: String(next) })}
          onSelect={(id) => update({ c: id })}
        />
        <ConversationView
          id={selectedId}
          staffId={me.data.id}
          canReply={canReply}
          playerTyping={selectedId !== null && socket.typing.has(selectedId)}
          onTyping={socket.sendTyping}
        />
      </div>
      {canReply ? <CannedRepliesDialog open={cannedOpen} onOpenChange={setCannedOpen} /> : null}
    </div>
  );
}
