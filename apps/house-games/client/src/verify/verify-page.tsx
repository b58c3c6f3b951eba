import { useEffect, useMemo, useState } from "react";
import { ApiError, createApiClient } from "../api/client.ts";
import type { BlackjackOutcome, DiceOutcome, DiceTableOutcome, GameDefinition, GameSummary, RouletteOutcome, SlotOutcome, SlotSymbol, VerifyResult } from "../api/types.ts";
import { describeError, type ErrorView } from "../lib/errors.ts";
import { summarizeOutcome } from "../lib/round-summary.ts";
import { SymbolTile } from "../games/slots/symbol-tile.tsx";

const HEX64 = /^[0-9a-f]{64}$/i;

async function sha256Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

function SlotGrid({ def, grid }: { def: GameDefinition; grid: string[][] }) {
  const byId = new Map<string, SlotSymbol>((def.slot?.symbols ?? []).map((s) => [s.id, s]));
  if (def.slot?.blank_symbol) byId.set(def.slot.blank_symbol, { id: def.slot.blank_symbol, name: "blank", kind: "blank", pays: {} });
  const rows = grid[0]?.length ?? 0;
  return (
    <div style={{ display: "grid", gridTemplateColumns: `repeat(${grid.length}, 52px)`, gap: 4 }} role="img" aria-label="Reel window">
      {Array.from({ length: rows }).flatMap((_, row) =>
        grid.map((column, reel) => {
          const id = column[row]!;
          return (
            <span key={`${reel}:${row}`} style={{ width: 52, height: 52, display: "grid", placeItems: "center" }}>
              <SymbolTile symbol={byId.get(id) ?? { id, name: id, kind: "normal" }} size={46} />
            </span>
          );
        }),
      )}
    </div>
  );
}

function OutcomeView({ def, outcome }: { def: GameDefinition | null; outcome: Record<string, unknown> }) {
  if (!def) return null;
  switch (def.kind) {
    case "slot": {
      const o = outcome as unknown as SlotOutcome;
      return (
        <div style={{ display: "grid", gap: 8 }}>
          {o.grid && <SlotGrid def={def} grid={o.grid} />}
          <p>
            Stops {o.stops?.join(", ")} · base win ×{o.win}
            {o.free_spins && ` · ${o.free_spins.awarded} free spins ×${o.free_spins.multiplier} won ×${o.free_spins.win}`}
          </p>
        </div>
      );
    }
    case "roulette":
    case "live_roulette": {
      const o = outcome as unknown as RouletteOutcome;
      return <p style={{ fontSize: "1.4rem" }}>Ball on {(o.pockets ?? [o.pocket]).join(" and ")} {o.color && `(${o.color})`}</p>;
    }
    case "dice": {
      const o = outcome as unknown as DiceOutcome;
      return (
        <p style={{ fontSize: "1.4rem" }}>
          Roll {o.roll}
          {o.target && ` · ${o.direction} ${o.target}: ${o.won ? `win ×${o.multiplier}` : "lose"}`}
        </p>
      );
    }
    case "dice_table":
    case "live_dice": {
      const o = outcome as unknown as DiceTableOutcome;
      return <p style={{ fontSize: "1.4rem" }}>Dice {o.dice?.join(" · ")} = {o.total}</p>;
    }
    case "blackjack":
    case "live_blackjack": {
      const o = outcome as unknown as BlackjackOutcome;
      return (
        <div>
          <p>Dealer: {o.dealer?.cards.join(" ")} ({o.dealer?.total})</p>
          {o.hands?.map((h, i) => (
            <p key={i}>
              Hand {i + 1}: {h.cards.join(" ")} ({h.total}) {h.result ?? h.status}
            </p>
          ))}
        </div>
      );
    }
  }
}

export function VerifyPage({ apiBase, params }: { apiBase: string; params: Record<string, string> }) {
  const api = useMemo(() => createApiClient(apiBase), [apiBase]);
  const [games, setGames] = useState<GameSummary[]>([]);
  const [gameCode, setGameCode] = useState(params.game_code ?? params.game ?? "");
  const [serverSeed, setServerSeed] = useState(params.server_seed ?? "");
  const [clientSeed, setClientSeed] = useState(params.client_seed ?? "");
  const [nonce, setNonce] = useState(params.nonce ?? "0");
  const [extra, setExtra] = useState(params.params ?? "");
  const [actions, setActions] = useState(params.actions ?? "");
  const [result, setResult] = useState<VerifyResult | null>(null);
  const [localHash, setLocalHash] = useState<string | null>(null);
  const [definition, setDefinition] = useState<GameDefinition | null>(null);
  const [error, setError] = useState<ErrorView | null>(null);
  const [busy, setBusy] = useState(false);

  const [roundNote, setRoundNote] = useState<string | null>(null);

  useEffect(() => {
    api.games().then(setGames, () => setGames([]));
  }, [api]);

  // The platform's history links name the provider round (?round_id=…): fill the seeds in when the
  // provider answers for it, otherwise say what is missing.
  useEffect(() => {
    const roundId = params.round_id;
    if (!roundId || params.server_seed) return;
    api.round(roundId).then(
      (round) => {
        setClientSeed(round.fairness.client_seed);
        setNonce(String(round.fairness.nonce));
        if (round.params) setExtra(JSON.stringify(round.params));
        if (round.fairness.server_seed) setServerSeed(round.fairness.server_seed);
        else setRoundNote(`Round ${roundId} was played with the server seed whose hash is ${round.fairness.server_seed_hash}; it can be verified after the seeds are rotated in the game.`);
      },
      () =>
        setRoundNote(
          `Round ${roundId.slice(0, 64)}: open the game's provably-fair panel and rotate seeds to reveal its server seed, then enter the seeds and nonce from the game's round history here.`,
        ),
    );
  }, [api, params.round_id, params.server_seed]);

  const valid = gameCode.length > 0 && HEX64.test(serverSeed.trim()) && clientSeed.length > 0 && /^\d{1,9}$/.test(nonce);

  async function verify() {
    if (!valid) return;
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      let parsedParams: unknown;
      if (extra.trim()) {
        try {
          parsedParams = JSON.parse(extra);
        } catch {
          throw new ApiError(400, "VALIDATION_ERROR", "Round parameters must be JSON, for example {\"target\":\"49.50\",\"direction\":\"over\"}.");
        }
      }
      const [verified, def, hash] = await Promise.all([
        api.verify({
          game_code: gameCode,
          server_seed: serverSeed.trim().toLowerCase(),
          client_seed: clientSeed,
          nonce: Number(nonce),
          ...(parsedParams !== undefined ? { params: parsedParams } : {}),
          ...(actions.trim() ? { actions: actions.split(/[\s,]+/).filter(Boolean).slice(0, 40) } : {}),
        }),
        api.game(gameCode).catch(() => null),
        sha256Hex(serverSeed.trim().toLowerCase()),
      ]);
      setResult(verified);
      setDefinition(def);
      setLocalHash(hash);
    } catch (e) {
      setError(describeError(e instanceof ApiError ? e : { code: "UNKNOWN", message: String(e) }));
    } finally {
      setBusy(false);
    }
  }

  // Opened from a history link with every field filled: verify at once.
  useEffect(() => {
    if (valid && params.server_seed) void verify();
    // Only on first load: later edits verify on submit.
  }, []);

  const expectedHash = params.server_seed_hash;

  return (
    <div className="verify">
      <h1 style={{ margin: 0 }}>Verify a round</h1>
      <p className="muted" style={{ margin: 0 }}>
        Each outcome is computed from HMAC-SHA256(key = server seed, message = "client seed:nonce:round"), four bytes per number, integers by rejection
        sampling. Enter a revealed server seed to recompute any round of any house game.
      </p>
      {roundNote && (
        <div className="alert info" role="status">
          <p>{roundNote}</p>
        </div>
      )}
      <form
        className="card"
        onSubmit={(e) => {
          e.preventDefault();
          void verify();
        }}
      >
        <label className="field">
          <span>Game</span>
          <select value={gameCode} onChange={(e) => setGameCode(e.target.value)} required>
            <option value="">Choose a game</option>
            {gameCode && !games.some((g) => g.game_code === gameCode) && <option value={gameCode}>{gameCode}</option>}
            {games.map((g) => (
              <option key={g.game_code} value={g.game_code}>
                {g.name} ({g.kind.replace("_", " ")})
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span>Server seed (revealed, 64 hex characters)</span>
          <input type="text" value={serverSeed} onChange={(e) => setServerSeed(e.target.value)} spellCheck={false} autoComplete="off" maxLength={64} aria-invalid={serverSeed !== "" && !HEX64.test(serverSeed.trim())} />
        </label>
        <div className="row">
          <label className="field" style={{ flex: 2 }}>
            <span>Client seed</span>
            <input type="text" value={clientSeed} onChange={(e) => setClientSeed(e.target.value)} spellCheck={false} autoComplete="off" maxLength={100} />
          </label>
          <label className="field" style={{ flex: 1 }}>
            <span>Nonce</span>
            <input type="number" min={0} step={1} value={nonce} onChange={(e) => setNonce(e.target.value)} />
          </label>
        </div>
        <details>
          <summary>Round parameters (dice target, roulette bets, blackjack actions)</summary>
          <label className="field">
            <span>Parameters as JSON</span>
            <input type="text" value={extra} onChange={(e) => setExtra(e.target.value)} placeholder='{"target":"49.50","direction":"over"}' maxLength={4000} />
          </label>
          <label className="field">
            <span>Blackjack actions, in order</span>
            <input type="text" value={actions} onChange={(e) => setActions(e.target.value)} placeholder="hit, stand" maxLength={400} />
          </label>
        </details>
        <button type="submit" className="btn btn-primary" disabled={!valid || busy}>
          {busy ? "Computing…" : "Verify"}
        </button>
      </form>
      {error && (
        <div className="alert" role="alert">
          <p>
            <strong>{error.title}</strong>
            {error.message}
          </p>
        </div>
      )}
      {result && (
        <section className="card" aria-live="polite" data-testid="verify-result">
          <h2 style={{ marginTop: 0 }}>{definition?.name ?? result.game_code}</h2>
          <dl className="kv">
            <dt>SHA-256 of the seed</dt>
            <dd>
              <code>{result.server_seed_hash}</code>
              {localHash && (localHash === result.server_seed_hash ? " ✓ recomputed in your browser" : " ✗ your browser computes a different hash")}
            </dd>
            {expectedHash && (
              <>
                <dt>Hash shown before play</dt>
                <dd>
                  <code>{expectedHash}</code> {expectedHash === result.server_seed_hash ? "✓ matches" : "✗ does not match"}
                </dd>
              </>
            )}
            <dt>Outcome</dt>
            <dd>{definition ? summarizeOutcome(definition.kind, result.outcome) : ""}</dd>
          </dl>
          <OutcomeView def={definition} outcome={result.outcome} />
          <details>
            <summary>Full outcome (amounts per 1.00 staked)</summary>
            <pre style={{ whiteSpace: "pre-wrap", fontSize: "0.75rem" }}>{JSON.stringify(result.outcome, null, 2)}</pre>
          </details>
        </section>
      )}
    </div>
  );
}
