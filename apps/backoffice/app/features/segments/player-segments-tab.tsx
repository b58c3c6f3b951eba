import { playerTag } from "@croupier/contract/backoffice/segments";
import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { ErrorState, LoadingBlock } from "../../components/states";
import { formatDateTime } from "../../lib/format-date-time";
import { errorMessageOf, isHandled } from "../../lib/staff-api";
import { usePlayerSegments, useSetPlayerTag } from "./player-segments";

/** The player page's segments and tags: memberships (by rule or by hand) and the staff tags rules can read. */
export function PlayerSegmentsTab({ playerId, canWrite }: { playerId: string; canWrite: boolean }) {
  const data = usePlayerSegments(playerId);
  const setTag = useSetPlayerTag(playerId);
  const [tag, setTagText] = useState("");
  const [tagError, setTagError] = useState<string | undefined>();
  const addTag = (event: FormEvent) => {
    event.preventDefault();
    const parsed = playerTag.safeParse(tag);
    if (!parsed.success) {
      setTagError(parsed.error.issues[0]?.message ?? "Not a valid tag.");
      return;
    }
    setTagError(undefined);
    setTag.mutate(
      { tag: parsed.data, present: true },
      { onSuccess: () => (setTagText(""), toast.success(`Tagged “${parsed.data}”.`)) },
    );
  };
  if (data.isPending) return <LoadingBlock label="Loading segments" />;
  if (data.isError) return <ErrorState error={data.error} onRetry={() => void data.refetch()} />;
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <section aria-labelledby="player-segments-title" className="space-y-2">
        <h2 id="player-segments-title" className="text-base font-semibold text-slate-900">
          Segments
        </h2>
        {data.data.segments.length === 0 ? (
          <p className="text-sm text-slate-500">In no segment (the default segments apply).</p>
        ) : (
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white text-sm">
            {data.data.segments.map((s) => (
              <li key={s.guid} className="flex justify-between gap-2 px-3 py-2">
                <span>
                  <span className="font-medium">{s.name}</span> <span className="text-slate-500">({s.group_name})</span>
                </span>
                <span className="text-slate-600">
                  {s.source === "rule" ? "By rule" : "By hand"}, {formatDateTime(s.created_at)}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="player-tags-title" className="space-y-2">
        <h2 id="player-tags-title" className="text-base font-semibold text-slate-900">
          Tags
        </h2>
        {data.data.tags.length === 0 ? <p className="text-sm text-slate-500">No tags.</p> : null}
        <ul className="flex flex-wrap gap-2" aria-label="Player tags">
          {data.data.tags.map((t) => (
            <li key={t.tag} className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-sm">
              {t.tag}
              {canWrite ? (
                <button
                  type="button"
                  className="rounded-full px-1 text-slate-500 hover:bg-slate-200"
                  aria-label={`Remove the tag ${t.tag}`}
                  onClick={() => setTag.mutate({ tag: t.tag, present: false })}
                >
                  ✕
                </button>
              ) : null}
            </li>
          ))}
        </ul>
        {canWrite ? (
          <form onSubmit={addTag} className="flex items-end gap-2">
            <TextField
              label="New tag"
              maxLength={40}
              value={tag}
              onChange={(e) => setTagText(e.target.value)}
              error={tagError}
            />
            <Button type="submit" busy={setTag.isPending}>
              Add tag
            </Button>
          </form>
        ) : null}
        {setTag.isError && !isHandled(setTag.error) ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessageOf(setTag.error)}
          </p>
        ) : null}
      </section>
    </div>
  );
}
