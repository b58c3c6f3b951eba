import { ResponseError } from "@croupier/contract/api-client";
import type { GameOpenResult } from "@croupier/contract/entities/game-launch";
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Icon } from "../../components/icons";
import { previousPage } from "../../lib/navigation-memory";
import { toastError } from "../../lib/toasts";
import { useAuth } from "../../lib/use-auth";
import { useDevice } from "../../lib/use-device";
import { closeConfirmation } from "./close-confirmation";
import { gameErrorMessage } from "./game-api";
import { useGameConversion } from "./game-conversion";
import { GameFrame } from "./game-frame";
import type { GameSummary } from "./game-lookup";
import { returnPathFor, type GameWindowRequest } from "./game-window-messages";
import { openGames } from "./open-game-sessions";
import { useOpenGame } from "./open-game";

export const SUSPENDED_MESSAGE = "Your account is suspended. Games, deposits and withdrawals are unavailable. Please contact support.";

type Mode = "real" | "demo";
type Launch = { mode: Mode; currencyGuid?: string };

/** A per-page id for the cross-tab session list (crypto.randomUUID needs a secure context). */
function pageId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(12));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * The game window: mode choice, the suspended-account check, the confirmation for game
 * sessions open elsewhere, POST /game/open, then the provider's frame and its messages.
 */
export function GamePage({ game, accountStatus, header }: { game: GameSummary; accountStatus: string | null; header: (controls: ReactNode) => ReactNode }) {
  const { authenticated, userId } = useAuth();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const { deviceClass } = useDevice();
  const id = useMemo(pageId, []);
  const open = useOpenGame();
  const [session, setSession] = useState<GameOpenResult | null>(null);
  const [confirmed, setConfirmed] = useState(false);
  const [others, setOthers] = useState<{ id: string; game_name: string }[] | null>(null);
  const [launch, setLaunch] = useState<Launch | null>(null);
  const started = useRef<string | null>(null);

  const requested = search.get("mode");
  const mode: Mode | null = requested === "demo" && game.can_demo ? "demo" : authenticated ? "real" : game.can_demo ? "demo" : null;
  const locked = authenticated && accountStatus === "locked";

  const leave = useCallback(
    (request: GameWindowRequest = { action: "close", mobileSearch: false }) =>
      navigate(returnPathFor(request, previousPage.get()), { preventScrollReset: true }),
    [navigate],
  );

  // A visitor on a game without demo mode: the login dialog.
  useEffect(() => {
    if (!authenticated && !game.can_demo && !search.has("modal")) {
      const next = new URLSearchParams(search);
      next.set("modal", "login");
      setSearch(next, { replace: true });
    }
  }, [authenticated, game.can_demo, search, setSearch]);

  // Real play: other game sessions open in this browser must be confirmed closed first.
  useEffect(() => {
    if (mode !== "real" || locked) return setOthers(null);
    setOthers(openGames().others(id));
  }, [mode, locked, id]);

  const pendingOthers = mode === "real" && !confirmed ? (others ?? []) : [];
  const confirmation = closeConfirmation(pendingOthers.map((o) => o.game_name), game.game_name);

  useEffect(() => {
    if (!mode || locked || (mode === "real" && others === null) || confirmation) return;
    const wanted: Launch = launch?.mode === mode ? launch : { mode };
    const key = `${userId ?? "visitor"}:${game.guid}:${wanted.mode}:${wanted.currencyGuid ?? ""}`;
    if (started.current === key) return;
    started.current = key;
    setSession(null);
    open.mutate(
      {
        is_demo: wanted.mode === "demo",
        game_guid: game.guid,
        language_code: "en",
        currency_guid: wanted.currencyGuid,
        exit_url: previousPage.get() ?? "/",
        device: deviceClass === "desktop" ? "desktop" : "mobile",
      },
      { onSuccess: setSession },
    );
    // open.mutate is stable; the key guards against repeats.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [mode, locked, others, confirmation, launch, userId, game.guid, deviceClass]);

  // While a real session plays here, other tabs see it; one of them may ask this page to close it.
  useEffect(() => {
    if (!session || session.mode !== "real") return;
    const registry = openGames();
    const stop = registry.register({ id, game_guid: game.guid, game_name: game.game_name });
    const unlisten = registry.listen(id, () => {
      toastError(`Your ${game.game_name} session was closed because you started a game in another window.`);
      leave();
    });
    return () => {
      unlisten();
      stop();
    };
  }, [session, id, game.guid, game.game_name, leave]);

  const confirm = () => {
    openGames().closeOthers(pendingOthers.map((o) => o.id));
    setConfirmed(true);
  };

  const setMode = (next: Mode) => {
    const params = new URLSearchParams(search);
    if (next === "real" && !authenticated) params.set("modal", "login");
    else params.set("mode", next);
    setSearch(params, { replace: true });
  };

  const refusedForCurrency = open.error instanceof ResponseError && open.error.status === 409 && mode === "real";
  const conversion = useGameConversion(game.guid, userId, refusedForCurrency);

  const controls = (
    <div className="flex items-center gap-2">
      {game.can_demo && !locked ? (
        <div role="group" aria-label="Play mode" className="flex rounded-lg border border-ink-600 p-0.5 text-xs">
          {(["real", "demo"] as const).map((m) => (
            <button
              key={m}
              type="button"
              aria-pressed={mode === m}
              onClick={() => setMode(m)}
              className={`rounded-md px-2.5 py-1.5 font-semibold ${mode === m ? "bg-gold-500 text-ink-950" : "text-mist-300 hover:text-white"}`}
            >
              {m === "real" ? "Real money" : "Demo"}
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );

  let body: ReactNode;
  if (locked) {
    body = (
      <Notice icon="shield" title="Account suspended" role="alert">
        {SUSPENDED_MESSAGE}
        <NoticeActions>
          <button type="button" className="btn-primary" onClick={() => leave()}>
            Back to the lobby
          </button>
        </NoticeActions>
      </Notice>
    );
  } else if (!mode) {
    body = (
      <Notice icon="user" title="Log in to play">
        {game.game_name} is played for real money only. Log in or create an account to play.
        <NoticeActions>
          <button type="button" className="btn-primary" onClick={() => setMode("real")}>
            Log in
          </button>
        </NoticeActions>
      </Notice>
    );
  } else if (confirmation) {
    body = (
      <Notice icon="info" title={confirmation.title} role="alertdialog" testId={`close-confirmation-${confirmation.mode}`}>
        {confirmation.text}
        <NoticeActions>
          <button type="button" className="btn-primary" onClick={confirm}>
            {confirmation.confirm}
          </button>
          <button type="button" className="btn-ghost" onClick={() => leave()}>
            Cancel
          </button>
        </NoticeActions>
      </Notice>
    );
  } else if (session && session.game_info.game_guid === game.guid) {
    body = <GameFrame url={session.game_url} title={`${game.game_name} game`} onRequest={leave} />;
  } else if (open.isError) {
    const conversionView = refusedForCurrency ? conversion.data : undefined;
    const playable = conversionView
      ? conversionView.project_game_currencies.filter((c) => conversionView.playable_wallet_currency_guids.includes(c.guid))
      : [];
    body = (
      <Notice icon="wallet" title="The game could not be opened" role="alert">
        {gameErrorMessage(open.error)}
        {conversionView && conversionView.supported_currency_pairs.length > 0 ? (
          <span className="mt-2 block text-xs text-mist-400">
            Exchange rates:{" "}
            {conversionView.supported_currency_pairs.map((p) => `1 ${p.base_asset} = ${p.price} ${p.quote_asset}`).join(" · ")}
          </span>
        ) : null}
        <NoticeActions>
          {playable.map((currency) => (
            <button
              key={currency.guid}
              type="button"
              className="btn-primary"
              onClick={() => setLaunch({ mode: "real", currencyGuid: currency.guid })}
            >
              Play with your {currency.code} wallet
            </button>
          ))}
          {game.can_demo ? (
            <button type="button" className="btn-ghost" onClick={() => setMode("demo")}>
              Play the demo
            </button>
          ) : null}
          <button type="button" className="btn-ghost" onClick={() => leave()}>
            Back to the lobby
          </button>
        </NoticeActions>
      </Notice>
    );
  } else {
    body = (
      <div className="flex flex-col items-center text-center" role="status">
        <span className="size-10 animate-spin rounded-full border-4 border-ink-600 border-t-gold-400" aria-hidden />
        <p className="mt-4 text-sm text-mist-300">Opening {game.game_name}…</p>
      </div>
    );
  }

  return (
    <div className="flex h-dvh flex-col bg-ink-950">
      {header(controls)}
      <main id="main" className="flex min-h-0 flex-1 items-center justify-center p-0 sm:p-3">
        <section
          aria-label={`${game.game_name} game window`}
          className="relative flex size-full max-w-[1600px] items-center justify-center overflow-hidden bg-[radial-gradient(ellipse_at_center,var(--color-ink-800),var(--color-ink-950))] sm:rounded-2xl sm:border sm:border-ink-700"
          style={game.game_background_image && !session ? { backgroundImage: `url(${game.game_background_image})`, backgroundSize: "cover" } : undefined}
        >
          {body}
        </section>
      </main>
    </div>
  );
}

function Notice({ icon, title, role, testId, children }: { icon: "shield" | "user" | "info" | "wallet"; title: string; role?: string; testId?: string; children: ReactNode }) {
  return (
    <div role={role} data-testid={testId} className="mx-4 flex max-w-lg flex-col items-center rounded-2xl bg-ink-900/90 px-6 py-8 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-ink-700 text-gold-400">
        <Icon name={icon} width={28} height={28} />
      </span>
      <h2 className="mt-4 text-lg font-semibold text-white">{title}</h2>
      <div className="mt-1 text-sm text-mist-300">{children}</div>
    </div>
  );
}

function NoticeActions({ children }: { children: ReactNode }) {
  return <span className="mt-6 flex flex-wrap justify-center gap-2">{children}</span>;
}
