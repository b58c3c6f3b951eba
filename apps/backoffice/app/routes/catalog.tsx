import { Tabs } from "radix-ui";
import { useSearchParams } from "react-router";
import { PageHeader } from "../components/page-header";
import { GameProvidersPanel } from "../features/catalog/game-providers-panel";
import { GamesPanel } from "../features/catalog/games-panel";
import { StudiosPanel } from "../features/catalog/studios-panel";
import { TagsPanel } from "../features/catalog/tags-panel";

const TABS = [
  { id: "games", label: "Games", Panel: GamesPanel },
  { id: "studios", label: "Studios", Panel: StudiosPanel },
  { id: "game-providers", label: "Game providers", Panel: GameProvidersPanel },
  { id: "tags", label: "Tags", Panel: TagsPanel },
] as const;

/** Catalogue: enable or disable games, studios and game providers, order the lobby, edit game tags; players see changes at once. */
export default function CatalogPage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.some((t) => t.id === params.get("tab")) ? params.get("tab")! : "games";
  return (
    <>
      <PageHeader
        title="Catalogue"
        description="Every change is live for players on their next page load, and recorded in the audit log."
      />
      <Tabs.Root
        value={tab}
        onValueChange={(next) => setParams(next === "games" ? {} : { tab: next }, { replace: true })}
      >
        <Tabs.List aria-label="Catalogue" className="mb-4 flex gap-1 border-b border-slate-200">
          {TABS.map((t) => (
            <Tabs.Trigger
              key={t.id}
              value={t.id}
              className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-700"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map(({ id, Panel }) => (
          <Tabs.Content key={id} value={id} className="focus-visible:outline-none">
            <Panel />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
