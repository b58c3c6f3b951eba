import { useState } from "react";
import { Link } from "react-router";
import { Button } from "../../components/button";
import { TextField } from "../../components/field";
import { EmptyState, ErrorState, LoadingBlock } from "../../components/states";
import { SEGMENTS_PER_PAGE, useSegments } from "./list-segments";
import { rulesSummary } from "./segment-rules";

/** Every segment by group and name, with its rules, payment link and member counts; paged. */
export function SegmentsTable() {
  const [name, setName] = useState("");
  const [page, setPage] = useState(1);
  const segments = useSegments({ name, page });
  return (
    <div className="space-y-3">
      <TextField
        label="Find by name or group"
        className="max-w-sm"
        maxLength={100}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setPage(1);
        }}
      />
      {segments.isPending ? (
        <LoadingBlock label="Loading segments" />
      ) : segments.isError ? (
        <ErrorState error={segments.error} onRetry={() => void segments.refetch()} />
      ) : segments.data.items.length === 0 ? (
        <EmptyState title="No segments">Create one: rules fill it, or add players by hand.</EmptyState>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full text-sm" aria-label="Segments">
              <thead className="bg-slate-50 text-left text-xs font-medium text-slate-500 uppercase">
                <tr>
                  <th className="px-3 py-2">Segment</th>
                  <th className="px-3 py-2">Group</th>
                  <th className="px-3 py-2">Rules</th>
                  <th className="px-3 py-2">Payment segment</th>
                  <th className="px-3 py-2">Members (rule / manual)</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {segments.data.items.map((s) => (
                  <tr key={s.guid}>
                    <td className="px-3 py-2 font-medium">
                      <Link to={`/segments/${s.guid}`} className="text-indigo-700 hover:underline">
                        {s.name}
                      </Link>
                      {s.is_default ? (
                        <span className="ml-2 rounded bg-slate-100 px-1.5 text-xs text-slate-600">default</span>
                      ) : null}
                    </td>
                    <td className="px-3 py-2">{s.group_name}</td>
                    <td className="px-3 py-2 text-slate-700">{rulesSummary(s.rules)}</td>
                    <td className="px-3 py-2">{s.payment_segment_name ?? "—"}</td>
                    <td className="px-3 py-2 tabular-nums">
                      {s.rule_members} / {s.manual_members}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className="flex items-center justify-end gap-2 text-sm text-slate-600">
            <span>
              Page {page} of {Math.max(1, Math.ceil(segments.data.total / SEGMENTS_PER_PAGE))}
            </span>
            <Button variant="secondary" disabled={page === 1} onClick={() => setPage((p) => p - 1)}>
              Previous
            </Button>
            <Button
              variant="secondary"
              disabled={page * SEGMENTS_PER_PAGE >= segments.data.total}
              onClick={() => setPage((p) => p + 1)}
            >
              Next
            </Button>
          </div>
        </>
      )}
    </div>
  );
}
