/**
 * The player's game sessions open in this browser, across tabs: a list in localStorage that
 * every open game page keeps fresh with a heartbeat (a closed or crashed tab drops out once
 * its heartbeat is stale), and a BroadcastChannel on which a page asks others to close.
 */
export type OpenGameEntry = { id: string; game_guid: string; game_name: string; seen_at: number };

const LIST_KEY = "croupier.open_games";
const CHANNEL = "croupier.games";
export const HEARTBEAT_MS = 5_000;
export const STALE_MS = 15_000;
const LIST_MAX = 20;

type CloseMessage = { type: "close"; ids: string[] };
type Channel = { postMessage: (message: CloseMessage) => void; addEventListener: (type: "message", listener: (event: { data: unknown }) => void) => void; removeEventListener: (type: "message", listener: (event: { data: unknown }) => void) => void; close?: () => void };

export type OpenGamesDeps = {
  storage: Pick<Storage, "getItem" | "setItem">;
  channel: () => Channel | null;
  now: () => number;
};

function browserDeps(): OpenGamesDeps {
  return {
    storage: window.localStorage,
    channel: () => (typeof BroadcastChannel === "undefined" ? null : (new BroadcastChannel(CHANNEL) as unknown as Channel)),
    now: () => Date.now(),
  };
}

export function createOpenGames(deps: OpenGamesDeps) {
  const read = (): OpenGameEntry[] => {
    try {
      const parsed = JSON.parse(deps.storage.getItem(LIST_KEY) ?? "[]") as unknown;
      if (!Array.isArray(parsed)) return [];
      const fresh = deps.now() - STALE_MS;
      return parsed.filter(
        (e): e is OpenGameEntry =>
          typeof e === "object" && e !== null && typeof e.id === "string" && typeof e.game_name === "string" && typeof e.seen_at === "number" && e.seen_at >= fresh,
      );
    } catch {
      return [];
    }
  };
  const write = (entries: OpenGameEntry[]) => {
    try {
      deps.storage.setItem(LIST_KEY, JSON.stringify(entries.slice(-LIST_MAX)));
    } catch {
      // Storage disabled: the confirmation simply never shows.
    }
  };
  const upsert = (entry: Omit<OpenGameEntry, "seen_at">) =>
    write([...read().filter((e) => e.id !== entry.id), { ...entry, seen_at: deps.now() }]);
  const remove = (ids: string[]) => write(read().filter((e) => !ids.includes(e.id)));

  return {
    /** Game sessions open in other pages, oldest first. */
    others: (selfId: string) => read().filter((e) => e.id !== selfId),
    /** Marks this page's game open until the returned function is called. */
    register: (entry: Omit<OpenGameEntry, "seen_at">, schedule = setInterval, cancel = clearInterval) => {
      upsert(entry);
      const timer = schedule(() => upsert(entry), HEARTBEAT_MS);
      return () => {
        cancel(timer);
        remove([entry.id]);
      };
    },
    /** Tells the pages holding these sessions to close them, and forgets them at once. */
    closeOthers: (ids: string[]) => {
      if (ids.length === 0) return;
      remove(ids);
      const channel = deps.channel();
      channel?.postMessage({ type: "close", ids });
      channel?.close?.();
    },
    /** Calls onClose when another page asks this one to close its session. */
    listen: (selfId: string, onClose: () => void) => {
      const channel = deps.channel();
      if (!channel) return () => {};
      const listener = (event: { data: unknown }) => {
        const data = event.data as Partial<CloseMessage> | null;
        if (data?.type === "close" && Array.isArray(data.ids) && data.ids.includes(selfId)) onClose();
      };
      channel.addEventListener("message", listener);
      return () => {
        channel.removeEventListener("message", listener);
        channel.close?.();
      };
    },
  };
}

export type OpenGames = ReturnType<typeof createOpenGames>;

let shared: OpenGames | undefined;
/** The browser's registry (localStorage + BroadcastChannel). */
export function openGames(): OpenGames {
  shared ??= createOpenGames(browserDeps());
  return shared;
}
