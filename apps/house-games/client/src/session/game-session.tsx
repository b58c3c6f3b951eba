import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { addAmounts, compareAmounts, subtractAmounts } from "@croupier/contract/money";
import type { PlayBoot } from "../boot.ts";
import { ApiError, createApiClient, requestId, type ApiClient } from "../api/client.ts";
import type { BlackjackAction, Fairness, FreeSpins, GameDefinition, Round, Session, SessionStats } from "../api/types.ts";
import { describeError, type ErrorView } from "../lib/errors.ts";
import { createSoundPlayer, type SoundName } from "../lib/sound.ts";

const HISTORY_KEEP = 50;

export type PlayOptions = { autoplay?: boolean; isFreeSpin?: boolean };

export type GameSessionValue = {
  boot: PlayBoot;
  api: ApiClient;
  definition: GameDefinition;
  session: Session;
  balance: string;
  stats: SessionStats;
  fairness: Fairness;
  history: Round[];
  /** Granted bonus free spins in this game: the platform's latest answer (session, each round, balance). */
  freeSpins: FreeSpins;
  /** What the free spins played in this page have won (bonus money), shown next to the count. */
  freeSpinWon: string;
  error: ErrorView | null;
  busy: boolean;
  soundOn: boolean;
  setSoundOn(on: boolean): void;
  sound(name: SoundName): void;
  clearError(): void;
  showError(error: unknown): void;
  /** Places a round; the balance shows the stake taken until the game calls reveal(). */
  play(stake: string, params: unknown, options?: PlayOptions): Promise<Round | null>;
  act(roundId: string, action: BlackjackAction): Promise<Round | null>;
  /** The game has shown the outcome: balance, statistics and history catch up. */
  reveal(round: Round): void;
  setBalance(balance: string): void;
  /** A live bet was settled or placed outside the round API. */
  recordLive(entry: { stake?: string; win?: string; balance: string }): void;
  setClientSeed(seed: string): Promise<boolean>;
  rotateSeeds(): Promise<boolean>;
  refreshHistory(): Promise<void>;
};

const Context = createContext<GameSessionValue | null>(null);

export function useGame(): GameSessionValue {
  const value = useContext(Context);
  if (!value) throw new Error("useGame outside GameSessionProvider");
  return value;
}

const storageKey = (boot: PlayBoot) => `house:session:${boot.game_code}:${boot.mode}`;

function readStoredKey(boot: PlayBoot): string | null {
  try {
    return sessionStorage.getItem(storageKey(boot));
  } catch {
    return null;
  }
}

function storeKey(boot: PlayBoot, key: string | null) {
  try {
    if (key) sessionStorage.setItem(storageKey(boot), key);
    else sessionStorage.removeItem(storageKey(boot));
  } catch {
    // Storage can be off in a third-party frame: the session then lasts as long as the page.
  }
}

type Loaded = { definition: GameDefinition; session: Session };

/** Opens (or resumes) the provider session for the boot's game, then renders the game. */
export function GameSessionProvider({ boot, children, fallback }: { boot: PlayBoot; children: ReactNode; fallback: (state: { error: ErrorView | null }) => ReactNode }) {
  const keyRef = useRef<string | null>(readStoredKey(boot));
  const api = useMemo(() => createApiClient(boot.api_base, () => keyRef.current, () => boot.token), [boot.api_base, boot.token]);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loadError, setLoadError] = useState<ErrorView | null>(null);

  useEffect(() => {
    let cancelled = false;
    (async () => {
      const definition = withStakeLimit(await api.game(boot.game_code), boot.max_stake);
      let session: Session | null = null;
      if (keyRef.current) {
        try {
          session = await api.session();
        } catch (error) {
          if (!(error instanceof ApiError) || error.status !== 401) throw error;
          keyRef.current = null;
          storeKey(boot, null);
        }
      }
      if (!session) {
        if (boot.mode === "real" && !boot.token) {
          throw new ApiError(401, "TOKEN_EXPIRED", "This game link has no session token. Open the game again from the lobby.");
        }
        session = await api.openSession({
          game_code: boot.game_code,
          mode: boot.mode,
          ...(boot.token ? { token: boot.token } : {}),
          ...(boot.currency ? { currency: boot.currency } : {}),
          lang: boot.lang,
          // The launch the platform signed: the provider believes the jurisdiction and player only with it.
          ...(boot.jurisdiction ? { jurisdiction: boot.jurisdiction } : {}),
          ...(boot.player ? { player: boot.player } : {}),
          ...(boot.launch_sig ? { launch_sig: boot.launch_sig } : {}),
        });
        if (session.session_key) {
          keyRef.current = session.session_key;
          storeKey(boot, session.session_key);
        }
      }
      if (!cancelled) setLoaded({ definition, session });
    })().catch((error: unknown) => {
      if (!cancelled) setLoadError(describeError(error instanceof ApiError ? error : { code: "UNKNOWN", message: String(error) }));
    });
    return () => {
      cancelled = true;
    };
  }, [api, boot]);

  if (!loaded) return <>{fallback({ error: loadError })}</>;
  return (
    <SessionState boot={boot} api={api} loaded={loaded}>
      {children}
    </SessionState>
  );
}

/**
 * A slot under a jurisdiction stake limit (the launch's max_stake, platform ADR 025): the stake
 * selector's top is the lower of the game's and the player's limit, so a stake the wallet would
 * refuse is never offered. Other games and launches without a limit are unchanged.
 */
export function withStakeLimit(definition: GameDefinition, maxStake: string | null): GameDefinition {
  if (!maxStake || definition.kind !== "slot" || compareAmounts(maxStake, definition.bet.max) >= 0) return definition;
  return { ...definition, bet: { ...definition.bet, max: maxStake } };
}

function SessionState({ boot, api, loaded, children }: { boot: PlayBoot; api: ApiClient; loaded: Loaded; children: ReactNode }) {
  const [session, setSession] = useState(loaded.session);
  const [balance, setBalance] = useState(loaded.session.balance);
  const [stats, setStats] = useState(loaded.session.stats);
  const [fairness, setFairness] = useState(loaded.session.fairness);
  const [history, setHistory] = useState<Round[]>([]);
  const [freeSpins, setFreeSpins] = useState<FreeSpins>(() => loaded.session.free_spins ?? { available: false, count: 0, bet: null });
  const [freeSpinWon, setFreeSpinWon] = useState("0");
  const [error, setError] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);
  const [soundOn, setSoundOnState] = useState(false);
  const soundRef = useRef(createSoundPlayer());
  const revealed = useRef(new Set<string>());

  const showError = useCallback((e: unknown) => {
    const view = describeError(e instanceof ApiError ? e : { code: "UNKNOWN", message: e instanceof Error ? e.message : String(e) });
    setError(view);
    soundRef.current.play("error");
  }, []);

  const refreshHistory = useCallback(async () => {
    try {
      const rounds = await api.rounds(20);
      setHistory(rounds);
    } catch (e) {
      showError(e);
    }
  }, [api, showError]);

  useEffect(() => {
    void refreshHistory();
  }, [refreshHistory]);

  const play = useCallback(
    async (stake: string, params: unknown, options: PlayOptions = {}) => {
      setBusy(true);
      setError(null);
      try {
        const round = await api.play({
          stake,
          params,
          client_request_id: requestId(),
          ...(options.autoplay ? { autoplay: true } : {}),
          ...(options.isFreeSpin ? { is_free_spin: true } : {}),
        });
        // The stake leaves the balance at once; the win arrives with the reveal.
        setBalance(round.is_free_spin ? round.balance_before : subtractAmounts(round.balance_before, round.stake));
        setFairness((f) => ({ ...f, nonce: Math.max(f.nonce, round.fairness.nonce + 1) }));
        // The platform's count after this round; a platform that sent none still used the spin it took.
        if (round.free_spins) setFreeSpins(round.free_spins);
        else if (round.is_free_spin) setFreeSpins((f) => nextFreeSpins(f));
        return round;
      } catch (e) {
        showError(e);
        // A refused free spin (none left, granted elsewhere, expired): show what the platform has now.
        if (options.isFreeSpin) {
          api.balance().then(
            (b) => setFreeSpins(b.free_spins),
            () => undefined,
          );
        }
        return null;
      } finally {
        setBusy(false);
      }
    },
    [api, showError],
  );

  const reveal = useCallback((round: Round) => {
    setBalance(round.balance_after);
    if (round.status === "in_progress") return;
    if (revealed.current.has(round.round_id)) return;
    revealed.current.add(round.round_id);
    if (round.is_free_spin) setFreeSpinWon((won) => addAmounts(won, round.win));
    setStats((s) => {
      const staked = addAmounts(s.staked, round.is_free_spin ? "0" : round.stake);
      const won = addAmounts(s.won, round.win);
      return { ...s, rounds: s.rounds + 1, staked, won, net: subtractAmounts(won, staked) };
    });
    setHistory((h) => [round, ...h.filter((r) => r.round_id !== round.round_id)].slice(0, HISTORY_KEEP));
  }, []);

  const act = useCallback(
    async (roundId: string, action: BlackjackAction) => {
      setBusy(true);
      setError(null);
      try {
        const round = await api.act(roundId, action);
        setBalance(round.balance_after);
        return round;
      } catch (e) {
        showError(e);
        return null;
      } finally {
        setBusy(false);
      }
    },
    [api, showError],
  );

  const recordLive = useCallback((entry: { stake?: string; win?: string; balance: string }) => {
    setBalance(entry.balance);
    if (entry.win === undefined) return;
    setStats((s) => {
      const staked = addAmounts(s.staked, entry.stake ?? "0");
      const won = addAmounts(s.won, entry.win ?? "0");
      return { ...s, rounds: s.rounds + 1, staked, won, net: subtractAmounts(won, staked) };
    });
  }, []);

  const setClientSeed = useCallback(
    async (seed: string) => {
      try {
        setFairness(await api.setClientSeed(seed));
        return true;
      } catch (e) {
        showError(e);
        return false;
      }
    },
    [api, showError],
  );

  const rotateSeeds = useCallback(async () => {
    try {
      setFairness(await api.rotateSeeds());
      void refreshHistory();
      return true;
    } catch (e) {
      showError(e);
      return false;
    }
  }, [api, refreshHistory, showError]);

  const setSoundOn = useCallback((on: boolean) => {
    soundRef.current.setEnabled(on);
    setSoundOnState(on);
  }, []);

  // A pending round's session view can change elsewhere (another tab); keep ours in step on focus.
  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== "visible") return;
      api.session().then(
        (s) => {
          setSession(s);
          setFairness(s.fairness);
          setFreeSpins(s.free_spins);
        },
        () => undefined,
      );
    };
    document.addEventListener("visibilitychange", onVisible);
    return () => document.removeEventListener("visibilitychange", onVisible);
  }, [api]);

  const value: GameSessionValue = {
    boot,
    api,
    definition: loaded.definition,
    session,
    balance,
    stats,
    fairness,
    history,
    freeSpins,
    freeSpinWon,
    error,
    busy,
    soundOn,
    setSoundOn,
    sound: (name) => soundRef.current.play(name),
    clearError: () => setError(null),
    showError,
    play,
    act,
    reveal,
    setBalance,
    recordLive,
    setClientSeed,
    rotateSeeds,
    refreshHistory,
  };
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

/** One spin used: the count goes down, and with none left nothing is offered any more. */
export function nextFreeSpins(current: FreeSpins): FreeSpins {
  const count = Math.max(0, current.count - 1);
  return count === 0 ? { available: false, count: 0, bet: null } : { ...current, count };
}
