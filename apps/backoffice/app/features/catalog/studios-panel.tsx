import { EmptyState, ErrorState, LoadingBlock } from "../../components/states";
import { cx } from "../../lib/cx";
import { EnableSwitch } from "./enable-switch";
import { useStudios } from "./list-studios";
import { OrderingInput } from "./ordering-input";
import { useUpdateStudio } from "./update-studio";

/** Every studio: a disabled studio hides all its games from players (launch included). */
export function StudiosPanel() {
  const studios = useStudios();
  const update = useUpdateStudio();
  if (studios.isPending) return <LoadingBlock label="Loading the studios" />;
  if (studios.isError)
    return (
      <ErrorState
        error={studios.error}
        title="The studios could not be loaded."
        onRetry={() => void studios.refetch()}
      />
    );
  if (studios.data.length === 0)
    return <EmptyState title="No studio yet">Import a catalogue to add studios and games.</EmptyState>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table aria-label="Studios" className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            {["Studio", "Enabled", "Position", "Games", "Active games"].map((label) => (
              <th key={label} scope="col" className="px-3 py-2 text-left font-medium whitespace-nowrap text-slate-600">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {studios.data.map((s) => (
            <tr key={s.guid}>
              <th scope="row" className={cx("px-3 py-1.5 text-left font-medium", !s.is_enabled && "text-slate-400")}>
                {s.name}
              </th>
              <td className="px-3 py-1.5">
                <EnableSwitch
                  checked={s.is_enabled}
                  label={`${s.name} enabled`}
                  onChange={(on) =>
                    update.mutate({
                      guid: s.guid,
                      body: { is_enabled: on },
                      label: `${s.name} ${on ? "enabled" : "disabled"}`,
                    })
                  }
                />
              </td>
              <td className="px-3 py-1.5">
                <OrderingInput
                  value={s.ordering}
                  label={`${s.name} position`}
                  onCommit={(next) =>
                    update.mutate({ guid: s.guid, body: { ordering: next }, label: `${s.name} moved to ${next}` })
                  }
                />
              </td>
              <td className="px-3 py-1.5 tabular-nums">{s.games}</td>
              <td className="px-3 py-1.5 tabular-nums">{s.active_games}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
