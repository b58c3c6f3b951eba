import type { AdminGame, AdminTag } from "@croupier/contract/backoffice/catalog-admin";
import type { GameStatus } from "@croupier/contract/entities/game";
import type { ColumnDef } from "@tanstack/react-table";
import { useMemo, useState, type FormEvent } from "react";
import { Button } from "../../components/button";
import { DataGrid } from "../../components/data-grid/data-grid";
import { SelectField, TextField } from "../../components/field";
import { cx } from "../../lib/cx";
import { EnableSwitch } from "./enable-switch";
import { catalogGamesQueryOptions, type CatalogGameFilters } from "./list-catalog-games";
import { useCatalogTags } from "./list-catalog-tags";
import { useGameProviders } from "./list-game-providers";
import { useStudios } from "./list-studios";
import { OrderingInput } from "./ordering-input";
import { TagEditorDialog } from "./tag-editor-dialog";
import { useUpdateCatalogGame } from "./update-catalog-game";

const EMPTY: CatalogGameFilters = { q: "", studio: "", provider: "", tag: "", status: "" };
const STATUS_LABEL: Record<GameStatus, string> = { active: "Active", maintenance: "Maintenance", disabled: "Disabled" };

/** Every game: filters, enable switch, status, lobby position and tags, each saved at once. */
export function GamesPanel() {
  const [draft, setDraft] = useState(EMPTY);
  const [filters, setFilters] = useState(EMPTY);
  const [editing, setEditing] = useState<AdminGame | null>(null);
  const studios = useStudios();
  const providers = useGameProviders();
  const tags = useCatalogTags();
  const update = useUpdateCatalogGame();
  const tagNames = useMemo(() => new Map((tags.data ?? []).map((t) => [t.guid, t.name])), [tags.data]);

  const columns = useMemo<ColumnDef<AdminGame, unknown>[]>(
    () => [
      {
        id: "name",
        header: "Game",
        enableSorting: true,
        accessorFn: (g) => g.game_name,
        cell: ({ row: { original: g } }) => (
          <span>
            <span className="font-medium">{g.game_name}</span>
            <code className="block text-xs text-slate-500">{g.external_guid}</code>
          </span>
        ),
      },
      {
        id: "studio",
        header: "Studio",
        enableSorting: true,
        accessorFn: (g) => g.studio_name,
        cell: ({ row: { original: g } }) => (
          <span className={cx(!g.studio_enabled && "text-slate-400")}>
            {g.studio_name}
            {g.studio_enabled ? null : <span className="block text-xs">studio disabled</span>}
          </span>
        ),
      },
      { id: "section", header: "Section", accessorFn: (g) => `${g.section} · ${g.game_provider}` },
      {
        id: "enabled",
        header: "Enabled",
        accessorFn: (g) => g.game_status !== "disabled",
        cell: ({ row: { original: g } }) => (
          <EnableSwitch
            checked={g.game_status !== "disabled"}
            label={`${g.game_name} enabled`}
            onChange={(on) =>
              update.mutate({
                guid: g.guid,
                body: { game_status: on ? "active" : "disabled" },
                label: `${g.game_name} ${on ? "enabled" : "disabled"}`,
              })
            }
          />
        ),
      },
      {
        id: "status",
        header: "Status",
        enableSorting: true,
        accessorFn: (g) => g.game_status,
        cell: ({ row: { original: g } }) => (
          <select
            aria-label={`${g.game_name} status`}
            value={g.game_status}
            onClick={(event) => event.stopPropagation()}
            onChange={(event) =>
              update.mutate({
                guid: g.guid,
                body: { game_status: event.target.value as GameStatus },
                label: `${g.game_name}: ${STATUS_LABEL[event.target.value as GameStatus]}`,
              })
            }
            className="rounded-md border border-slate-300 bg-white px-1.5 py-1 text-sm"
          >
            {Object.entries(STATUS_LABEL).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        ),
      },
      {
        id: "ordering",
        header: "Position",
        enableSorting: true,
        accessorFn: (g) => g.game_ordering,
        cell: ({ row: { original: g } }) => (
          <OrderingInput
            value={g.game_ordering}
            label={`${g.game_name} position in the lobby`}
            onCommit={(next) =>
              update.mutate({ guid: g.guid, body: { game_ordering: next }, label: `${g.game_name} moved to ${next}` })
            }
          />
        ),
      },
      {
        id: "tags",
        header: "Tags",
        accessorFn: (g) => g.tag_guids.length,
        cell: ({ row: { original: g } }) => (
          <div className="flex max-w-xs flex-wrap items-center gap-1">
            {g.tag_guids.map((guid) => (
              <span key={guid} className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-700">
                {tagNames.get(guid) ?? "…"}
              </span>
            ))}
            <Button
              variant="ghost"
              className="px-1.5 py-0.5 text-xs"
              onClick={() => setEditing(g)}
              disabled={!tags.data}
            >
              Edit<span className="sr-only"> tags of {g.game_name}</span>
            </Button>
          </div>
        ),
      },
      {
        id: "visible",
        header: "Players see it",
        accessorFn: (g) => g.visible,
        cell: ({ row: { original: g } }) => (
          <span className={g.visible ? "text-emerald-700" : "text-slate-500"}>
            {g.visible ? "Yes" : "No"}
            {g.provider_switched_off ? <span className="block text-xs">game provider off</span> : null}
          </span>
        ),
      },
    ],
    [update, tagNames, tags.data],
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
  };

  return (
    <div className="space-y-4">
      <form role="search" aria-label="Filter games" onSubmit={onSubmit} className="flex flex-wrap items-end gap-3">
        <TextField
          label="Name or id"
          type="search"
          value={draft.q}
          maxLength={64}
          onChange={(e) => setDraft({ ...draft, q: e.target.value })}
        />
        <SelectField
          label="Studio"
          value={draft.studio}
          onChange={(e) => setDraft({ ...draft, studio: e.target.value })}
        >
          <option value="">Every studio</option>
          {(studios.data ?? []).map((s) => (
            <option key={s.guid} value={s.guid}>
              {s.name}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Game provider"
          value={draft.provider}
          onChange={(e) => setDraft({ ...draft, provider: e.target.value })}
        >
          <option value="">Every game provider</option>
          {(providers.data ?? []).map((p) => (
            <option key={p.code} value={p.code}>
              {p.code}
            </option>
          ))}
        </SelectField>
        <SelectField label="Tag" value={draft.tag} onChange={(e) => setDraft({ ...draft, tag: e.target.value })}>
          <option value="">Any tag</option>
          {(tags.data ?? [])
            .filter((t: AdminTag) => t.type === "category")
            .map((t) => (
              <option key={t.guid} value={t.guid}>
                {t.name}
              </option>
            ))}
        </SelectField>
        <SelectField
          label="Status"
          value={draft.status}
          onChange={(e) => setDraft({ ...draft, status: e.target.value as GameStatus | "" })}
        >
          <option value="">Any status</option>
          {Object.entries(STATUS_LABEL).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </SelectField>
        <Button type="submit">Filter</Button>
        <Button
          variant="ghost"
          onClick={() => {
            setDraft(EMPTY);
            setFilters(EMPTY);
          }}
        >
          Clear
        </Button>
      </form>
      <DataGrid
        label="Games"
        columns={columns}
        queryOptions={catalogGamesQueryOptions}
        filters={filters}
        getRowId={(g) => g.guid}
        pageSize={50}
        initialSort={{ id: "ordering", desc: false }}
        emptyTitle="No game matches"
        emptyMessage="Clear the filters to see every game."
      />
      {editing && tags.data ? (
        <TagEditorDialog
          game={editing}
          tags={tags.data}
          onClose={() => setEditing(null)}
          onSave={(tagGuids) => {
            update.mutate({
              guid: editing.guid,
              body: { tag_guids: tagGuids },
              label: `Tags of ${editing.game_name} saved`,
            });
            setEditing(null);
          }}
        />
      ) : null}
    </div>
  );
}
