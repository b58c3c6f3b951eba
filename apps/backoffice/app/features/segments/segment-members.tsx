import { useState, type FormEvent } from "react";
import { toast } from "sonner";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { EmptyState, ErrorState, LoadingBlock } from "../../components/states";
import { formatDateTime } from "../../lib/format-date-time";
import { errorMessageOf, isHandled } from "../../lib/staff-api";
import { useAssignSegmentMember, useRemoveSegmentMember } from "./change-segment-member";
import { MEMBERS_PER_PAGE, useSegmentMembers } from "./list-segment-members";

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A segment's members (newest first, paged), adding a player by id and removing one. */
export function SegmentMembers({ segmentGuid }: { segmentGuid: string }) {
  const [page, setPage] = useState(1);
  const [playerId, setPlayerId] = useState("");
  const [inputError, setInputError] = useState<string | undefined>();
  const members = useSegmentMembers(segmentGuid, page);
  const assign = useAssignSegmentMember(segmentGuid);
  const remove = useRemoveSegmentMember(segmentGuid);
  const add = (event: FormEvent) => {
    event.preventDefault();
    const id = playerId.trim();
    if (!GUID.test(id)) {
      setInputError("Paste the player's id (a UUID, shown on the player page).");
      return;
    }
    setInputError(undefined);
    assign.mutate(id, {
      onSuccess: (member) => {
        toast.success(`${member.email} is in the segment.`);
        setPlayerId("");
        setPage(1);
      },
    });
  };
  const failure = [assign, remove].find((m) => m.isError && !isHandled(m.error));
  return (
    <section aria-labelledby="segment-members-title" className="space-y-3">
      <h2 id="segment-members-title" className="text-base font-semibold text-slate-900">
        Members
      </h2>
      <form onSubmit={add} className="flex flex-wrap items-end gap-2">
        <TextField
          label="Player id"
          className="w-96 max-w-full"
          value={playerId}
          maxLength={36}
          onChange={(e) => setPlayerId(e.target.value)}
          error={inputError}
        />
        <Button type="submit" busy={assign.isPending}>
          Add player
        </Button>
      </form>
      {failure ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessageOf(failure.error)}
        </p>
      ) : null}
      {members.isPending ? (
        <LoadingBlock label="Loading members" />
      ) : members.isError ? (
        <ErrorState error={members.error} onRetry={() => void members.refetch()} />
      ) : members.data.items.length === 0 ? (
        <EmptyState title="No members yet">Rules add players as they match; add one by hand above.</EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full text-sm" aria-label="Members">
              <thead className="bg-slate-50 text-left text-xs font-medium text-slate-500 uppercase">
                <tr>
                  <th className="px-3 py-2">Email</th>
                  <th className="px-3 py-2">Name</th>
                  <th className="px-3 py-2">How</th>
                  <th className="px-3 py-2">Since</th>
                  <th className="px-3 py-2">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {members.data.items.map((m) => (
                  <tr key={m.player_guid}>
                    <td className="px-3 py-2">{m.email}</td>
                    <td className="px-3 py-2">{[m.first_name, m.last_name].filter(Boolean).join(" ") || "—"}</td>
                    <td className="px-3 py-2">{m.source === "rule" ? "By rule" : "By hand"}</td>
                    <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(m.created_at)}</td>
                    <td className="px-3 py-2 text-right">
                      <Button
                        variant="ghost"
                        aria-label={`Remove ${m.email}`}
                        busy={remove.isPending && remove.variables === m.player_guid}
                        onClick={() =>
                          remove.mutate(m.player_guid, {
                            onSuccess: () => toast.success(`${m.email} left the segment.`),
                          })
                        }
                      >
                        Remove
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="flex items-center justify-end gap-2 text-sm text-slate-600">
            <span>{members.data.total} members</span>
            <Button variant="secondary" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <Button
              variant="secondary"
              disabled={page * MEMBERS_PER_PAGE >= members.data.total}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
