import type { CampaignVersion } from "@croupier/contract/backoffice/bonuses";
import { useMemo } from "react";
import { formatDateTime } from "../../lib/format-date-time";
import { useBonusLabels } from "./bonus-labels-api";
import { diffVersions } from "./version-diff";

/** Every version, newest first, with the terms it changed against the one before. */
export function VersionHistory({ versions, currentGuid }: { versions: CampaignVersion[]; currentGuid: string }) {
  const labels = useBonusLabels();
  const labelNames = useMemo(() => new Map((labels.data ?? []).map((l) => [l.guid, l.name])), [labels.data]);
  return (
    <ol aria-label="Versions" className="space-y-3">
      {versions.map((version, index) => {
        const previous = versions[index + 1];
        const changes = previous ? diffVersions(previous, version, labelNames) : [];
        return (
          <li key={version.guid} className="rounded-lg border border-slate-200 bg-white p-3">
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <p className="text-sm font-semibold text-slate-800">
                Version {version.version}
                {version.guid === currentGuid ? (
                  <span className="ml-2 rounded bg-indigo-50 px-1.5 py-0.5 text-xs font-medium text-indigo-700">
                    Current
                  </span>
                ) : null}
              </p>
              <p className="text-xs text-slate-500">
                {formatDateTime(version.created_at)} · {version.customer_bonuses} granted under it
              </p>
            </div>
            {!previous ? (
              <p className="mt-1 text-xs text-slate-500">First version.</p>
            ) : changes.length === 0 ? (
              <p className="mt-1 text-xs text-slate-500">No term changed.</p>
            ) : (
              <table className="mt-2 min-w-full text-xs" aria-label={`Changes in version ${version.version}`}>
                <thead className="text-left text-slate-500">
                  <tr>
                    <th className="py-0.5 pr-3 font-medium">Term</th>
                    <th className="py-0.5 pr-3 font-medium">Before</th>
                    <th className="py-0.5 font-medium">After</th>
                  </tr>
                </thead>
                <tbody>
                  {changes.map((change) => (
                    <tr key={change.term}>
                      <td className="py-0.5 pr-3 font-mono">{change.term}</td>
                      <td className="max-w-xs truncate py-0.5 pr-3 text-red-700 line-through" title={change.before}>
                        {change.before}
                      </td>
                      <td className="max-w-xs truncate py-0.5 text-emerald-800" title={change.after}>
                        {change.after}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </li>
        );
      })}
    </ol>
  );
}
