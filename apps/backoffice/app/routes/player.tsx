import type { PlayerDetail } from "@croupier/contract/backoffice/players";
import type { StaffPermission } from "@croupier/contract/staff-permissions";
import { Tabs } from "radix-ui";
import type { ComponentType } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { PageHeader } from "../components/page-header";
import { EmptyState, ErrorState, LoadingBlock } from "../components/states";
import { playerName } from "../features/players/format";
import { usePlayer } from "../features/players/load-player";
import { NotesTab } from "../features/players/notes-tab";
import { PaymentsTab } from "../features/players/payments-tab";
import { EndSessionsAction, LockAction, PasswordResetAction } from "../features/players/player-actions";
import { ProfileTab } from "../features/players/profile-tab";
import { RoundsTab } from "../features/players/rounds-tab";
import { SessionsTab } from "../features/players/sessions-tab";
import { StatusBadge } from "../features/players/status-badge";
import { WalletsLedgerTab } from "../features/players/wallets-ledger-tab";
import { AdjustBalanceAction } from "../features/money-review/adjust-balance-action";
import { LimitsTab } from "../features/protection/limits-tab";
import { PlayerDocumentsTab } from "../features/documents/player-documents-tab";
import { ExclusionsTab } from "../features/protection/exclusions-tab";
import { PlayerBonusesTab } from "../features/bonuses/player-bonuses-tab";
import { PlayerSegmentsTab } from "../features/segments/player-segments-tab";
import { useMe } from "../lib/me";
import { can } from "../lib/permissions";
import { ResponseError } from "@croupier/contract/api-client";

// The player page composes tabs and actions from the features. Another feature adds ONE line to
// PLAYER_TABS or PLAYER_ACTIONS (its component gets the loaded player; shapes from the contract's
// backoffice/players.ts), shown only to roles holding its permission.

export type PlayerSectionProps = { player: PlayerDetail; canWrite: boolean };
type PlayerTab = {
  id: string;
  label: string;
  permission: StaffPermission;
  writePermission?: StaffPermission;
  Component: ComponentType<PlayerSectionProps>;
};
type PlayerAction = { id: string; permission: StaffPermission; Component: ComponentType<{ player: PlayerDetail }> };

const PLAYER_TABS: PlayerTab[] = [
  {
    id: "profile",
    label: "Profile",
    permission: "players.read",
    Component: ({ player }) => <ProfileTab player={player} />,
  },
  {
    id: "wallets",
    label: "Wallets and ledger",
    permission: "players.read",
    Component: ({ player }) => <WalletsLedgerTab player={player} />,
  },
  {
    id: "payments",
    label: "Payments",
    permission: "players.read",
    Component: ({ player }) => <PaymentsTab playerId={player.profile.id} />,
  },
  {
    id: "rounds",
    label: "Game rounds",
    permission: "players.read",
    Component: ({ player }) => <RoundsTab playerId={player.profile.id} />,
  },
  {
    id: "sessions",
    label: "Sessions",
    permission: "players.read",
    Component: ({ player }) => <SessionsTab playerId={player.profile.id} />,
  },
  {
    id: "documents",
    label: "Documents",
    permission: "documents.review",
    writePermission: "documents.review",
    Component: ({ player, canWrite }) => <PlayerDocumentsTab playerId={player.profile.id} canDecide={canWrite} />,
  },
  {
    id: "notes",
    label: "Notes",
    permission: "players.read",
    writePermission: "players.notes",
    Component: ({ player, canWrite }) => <NotesTab playerId={player.profile.id} canWrite={canWrite} />,
  },
  {
    id: "bonuses",
    label: "Bonuses",
    permission: "bonuses.manage",
    writePermission: "bonuses.manage",
    Component: ({ player, canWrite }) => (
      <PlayerBonusesTab playerId={player.profile.id} wallets={player.wallets} canWrite={canWrite} />
    ),
  },
  {
    id: "segments",
    label: "Segments and tags",
    permission: "bonuses.manage",
    writePermission: "bonuses.manage",
    Component: ({ player, canWrite }) => <PlayerSegmentsTab playerId={player.profile.id} canWrite={canWrite} />,
  },
  {
    id: "exclusions",
    label: "Exclusions",
    permission: "players.read",
    writePermission: "protection.manage",
    Component: ({ player, canWrite }) => <ExclusionsTab playerId={player.profile.id} canWrite={canWrite} />,
  },
  {
    id: "limits",
    label: "Limits",
    permission: "players.read",
    writePermission: "protection.manage",
    Component: ({ player, canWrite }) => <LimitsTab playerId={player.profile.id} canWrite={canWrite} />,
  },
];

const PLAYER_ACTIONS: PlayerAction[] = [
  { id: "lock", permission: "players.manage", Component: LockAction },
  { id: "end-sessions", permission: "players.manage", Component: EndSessionsAction },
  { id: "password-reset", permission: "players.manage", Component: PasswordResetAction },
  { id: "adjust-balance", permission: "adjustments.request", Component: AdjustBalanceAction },
];

/** One player: header with status and actions, and the tabs. The tab is in the address (?tab=). */
export default function PlayerPage() {
  const { id = "" } = useParams();
  const [params, setParams] = useSearchParams();
  const { data: me } = useMe();
  const player = usePlayer(id);

  if (player.isPending) return <LoadingBlock lines={8} label="Loading the player" />;
  if (player.isError) {
    if (player.error instanceof ResponseError && (player.error.status === 404 || player.error.status === 400))
      return (
        <EmptyState title="No such player">
          <Link to="/players" className="text-indigo-700 underline">
            Back to the search
          </Link>
        </EmptyState>
      );
    return (
      <ErrorState error={player.error} title="The player could not be loaded." onRetry={() => void player.refetch()} />
    );
  }

  const data = player.data;
  const tabs = PLAYER_TABS.filter((tab) => can(me, tab.permission));
  const actions = PLAYER_ACTIONS.filter((action) => can(me, action.permission));
  const current = tabs.find((tab) => tab.id === params.get("tab"))?.id ?? tabs[0]?.id;

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/players" className="text-indigo-700 hover:underline">
          ← Players
        </Link>
      </p>
      <PageHeader
        title={playerName(data.profile)}
        description={
          <span className="flex flex-wrap items-center gap-2">
            <span>{data.profile.email}</span>
            <StatusBadge status={data.profile.status} />
            {data.profile.status === "locked" && data.profile.status_reason ? (
              <span>“{data.profile.status_reason}”</span>
            ) : null}
          </span>
        }
        actions={actions.map(({ id: actionId, Component }) => (
          <Component key={actionId} player={data} />
        ))}
      />
      <Tabs.Root value={current} onValueChange={(tab) => setParams({ tab }, { replace: true })}>
        <Tabs.List aria-label="Player sections" className="mb-4 flex gap-1 overflow-x-auto border-b border-slate-200">
          {tabs.map((tab) => (
            <Tabs.Trigger
              key={tab.id}
              value={tab.id}
              className="border-b-2 border-transparent px-3 py-2 text-sm whitespace-nowrap text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600 data-[state=active]:border-indigo-600 data-[state=active]:font-medium data-[state=active]:text-slate-900"
            >
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map(({ id: tabId, Component, writePermission }) => (
          <Tabs.Content key={tabId} value={tabId} className="focus-visible:outline-none">
            <Component player={data} canWrite={writePermission ? can(me, writePermission) : false} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
