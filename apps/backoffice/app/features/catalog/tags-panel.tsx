import { EmptyState, ErrorState, LoadingBlock } from "../../components/states";
import { useCatalogTags } from "./list-catalog-tags";
import { OrderingInput } from "./ordering-input";
import { useUpdateTag } from "./update-tag";

const yes = (flag: boolean) => (flag ? "Yes" : "—");

/** Tags in lobby order: the position orders the lobby's rows and category lists. */
export function TagsPanel() {
  const tags = useCatalogTags();
  const update = useUpdateTag();
  if (tags.isPending) return <LoadingBlock label="Loading the tags" />;
  if (tags.isError)
    return <ErrorState error={tags.error} title="The tags could not be loaded." onRetry={() => void tags.refetch()} />;
  if (tags.data.length === 0) return <EmptyState title="No tag yet" />;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table aria-label="Tags" className="min-w-full divide-y divide-slate-200 text-sm">
        <thead className="bg-slate-50">
          <tr>
            {["Tag", "Kind", "Position", "Games", "Home row", "Slots row", "Live row"].map((label) => (
              <th key={label} scope="col" className="px-3 py-2 text-left font-medium whitespace-nowrap text-slate-600">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {tags.data.map((t) => (
            <tr key={t.guid}>
              <th scope="row" className="px-3 py-1.5 text-left font-medium">
                {t.name}
              </th>
              <td className="px-3 py-1.5">{t.type === "system" ? "Section" : "Category"}</td>
              <td className="px-3 py-1.5">
                <OrderingInput
                  value={t.ordering}
                  label={`${t.name} position`}
                  onCommit={(next) =>
                    update.mutate({ guid: t.guid, body: { ordering: next }, label: `${t.name} moved to ${next}` })
                  }
                />
              </td>
              <td className="px-3 py-1.5 tabular-nums">{t.games}</td>
              <td className="px-3 py-1.5">{yes(t.show_in_top)}</td>
              <td className="px-3 py-1.5">{yes(t.show_in_slots_section)}</td>
              <td className="px-3 py-1.5">{yes(t.show_in_live_section)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
