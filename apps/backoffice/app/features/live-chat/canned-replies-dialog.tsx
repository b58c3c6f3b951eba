import type { CannedReply } from "@croupier/contract/backoffice/live-chat";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { Dialog } from "../../components/dialog";
import { TextField } from "../../components/field";
import { EmptyState, ErrorState, LoadingBlock } from "../../components/states";
import { errorMessageOf, fieldErrorsOf, isHandled } from "../../lib/staff-api";
import { deleteCannedReply, saveCannedReply, useChatMutation } from "./chat-mutations";
import { useCannedReplies } from "./chat-queries";

/** The shared ready-made answers: add, edit, delete (each change is audited by the server). */
export function CannedRepliesDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const replies = useCannedReplies();
  const [editing, setEditing] = useState<CannedReply | "new" | null>(null);
  const remove = useChatMutation(deleteCannedReply);

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Canned replies"
      description="Ready-made answers every staff member can insert in the chat."
    >
      {editing ? (
        <CannedReplyForm reply={editing === "new" ? null : editing} onDone={() => setEditing(null)} />
      ) : (
        <div className="space-y-3">
          {replies.isPending ? (
            <LoadingBlock lines={3} />
          ) : replies.isError ? (
            <ErrorState error={replies.error} onRetry={() => void replies.refetch()} />
          ) : replies.data.length === 0 ? (
            <EmptyState title="No canned replies yet" />
          ) : (
            <ul className="divide-y divide-slate-200">
              {replies.data.map((reply) => (
                <li key={reply.id} className="flex items-start justify-between gap-3 py-2">
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-slate-900">{reply.title}</p>
                    <p className="line-clamp-2 text-xs text-slate-500">{reply.body}</p>
                  </div>
                  <div className="flex shrink-0 gap-1">
                    <Button variant="ghost" onClick={() => setEditing(reply)} aria-label={`Edit ${reply.title}`}>
                      Edit
                    </Button>
                    <Button
                      variant="ghost"
                      aria-label={`Delete ${reply.title}`}
                      busy={remove.isPending && remove.variables === reply.id}
                      onClick={() =>
                        remove.mutate(reply.id, {
                          onSuccess: () => toast.success("Canned reply deleted."),
                          onError: (error) => {
                            if (!isHandled(error)) toast.error(errorMessageOf(error));
                          },
                        })
                      }
                    >
                      Delete
                    </Button>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <div className="flex justify-end">
            <Button onClick={() => setEditing("new")}>Add a canned reply</Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

function CannedReplyForm({ reply, onDone }: { reply: CannedReply | null; onDone: () => void }) {
  const [title, setTitle] = useState(reply?.title ?? "");
  const [body, setBody] = useState(reply?.body ?? "");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useChatMutation(saveCannedReply);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { id: reply?.id, title, body },
      {
        onSuccess: () => {
          toast.success(reply ? "Canned reply saved." : "Canned reply added.");
          onDone();
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setErrors(fields);
          if (Object.keys(fields).length === 0 && !isHandled(error)) toast.error(errorMessageOf(error));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextField
        label="Title"
        value={title}
        maxLength={80}
        onChange={(event) => setTitle(event.target.value)}
        error={errors.title}
        required
      />
      <div className="space-y-1">
        <label htmlFor="canned-reply-body" className="block text-sm font-medium text-slate-700">
          Text
        </label>
        <textarea
          id="canned-reply-body"
          rows={5}
          maxLength={2000}
          value={body}
          onChange={(event) => setBody(event.target.value)}
          aria-invalid={errors.body ? true : undefined}
          aria-describedby={errors.body ? "canned-reply-body-error" : undefined}
          className="block w-full rounded-md border border-slate-300 px-2.5 py-1.5 text-sm aria-[invalid=true]:border-red-500"
        />
        {errors.body ? (
          <p id="canned-reply-body-error" role="alert" className="text-xs text-red-600">
            {errors.body}
          </p>
        ) : null}
      </div>
      <div className="flex justify-end gap-2">
        <Button variant="secondary" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" busy={save.isPending}>
          Save
        </Button>
      </div>
    </form>
  );
}
