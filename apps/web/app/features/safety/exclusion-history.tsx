import { useExclusions, formatEnd, KIND_LABELS, PERIOD_LABELS } from "./exclusions";

/** Past time-outs and self-exclusions (a current one means the player could not be here). */
export function ExclusionHistory({ userId }: { userId: string | null }) {
  const exclusions = useExclusions(userId);
  if (exclusions.isPending)
    return (
      <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading your breaks">
        <div className="h-5 w-2/3 animate-pulse rounded bg-ink-700" />
        <div className="h-5 w-1/2 animate-pulse rounded bg-ink-700" />
      </div>
    );
  if (exclusions.isError) return <p className="text-sm text-ruby-400">Your past breaks could not be loaded.</p>;
  if (exclusions.data.length === 0) return <p className="text-sm text-mist-400">You have not taken a break yet.</p>;
  return (
    <ul className="flex flex-col divide-y divide-ink-700">
      {exclusions.data.map((e) => (
        <li key={e.guid} className="flex flex-wrap justify-between gap-2 py-2 text-sm">
          <span className="text-mist-100">
            {KIND_LABELS[e.kind]}
            {e.period ? ` · ${PERIOD_LABELS[e.period] ?? e.period}` : ""}
          </span>
          <span className="text-mist-400">
            {formatEnd(e.starts_at)} – {formatEnd(e.ended_at ?? e.ends_at)}
            {e.active ? " (in force)" : ""}
          </span>
        </li>
      ))}
    </ul>
  );
}
