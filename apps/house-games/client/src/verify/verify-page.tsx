import { useEffect, useMemo, useState } from "react";
import { ApiError, createApiClient } from "../api/client.ts";
import type { BlackjackOutcome, DiceOutcome, DiceTableOutcome, GameDefinition, GameSummary, PublicRound, RouletteOutcome, SlotOutcome, SlotSymbol, VerifyResult } from "../api/types.ts";
import { drawFingerprint } from "../lib/draw-fingerprint.ts";
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

type VerifyInput = { gameCode: string; serverSeed: string; clientSeed: string; nonce: string; extra: string; actions: string };

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
  /** The round named by ?round_id= (the platform history's link), as the provider publishes it. */
  const [round, setRound] = useState<PublicRound | null>(null);
  const [roundDefinition, setRoundDefinition] = useState<GameDefinition | null>(null);
  const [roundMissing, setRoundMissing] = useState<string | null>(null);

  useEffect(() => {
    api.games().then(setGames, () => setGames([]));
  }, [api]);

  async function runVerify(input: VerifyInput) {
    setBusy(true);
    setError(null);
    setResult(null);
    try {
      let parsedParams: unknown;
      if (input.extra.trim()) {
        try {
          parsedParams = JSON.parse(input.extra);
        } catch {
          throw new ApiError(400, "VALIDATION_ERROR", "Round parameters must be JSON, for example {\"target\":\"49.50\",\"direction\":\"over\"}.");
        }
      }
      const seed = input.serverSeed.trim().toLowerCase();
      const [verified, def, hash] = await Promise.all([
        api.verify({
          game_code: input.gameCode,
          server_seed: seed,
          client_seed: input.clientSeed,
          nonce: Number(input.nonce),
          ...(parsedParams !== undefined ? { params: parsedParams } : {}),
          ...(input.actions.trim() ? { actions: input.actions.split(/[\s,]+/).filter(Boolean).slice(0, 40) } : {}),
        }),
        api.game(input.gameCode).catch(() => null),
        sha256Hex(seed),
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

  const valid = gameCode.length > 0 && HEX64.test(serverSeed.trim()) && clientSeed.length > 0 && /^\d{1,9}$/.test(nonce);
  const verify = () => (valid ? runVerify({ gameCode, serverSeed, clientSeed, nonce, extra, actions }) : Promise.resolve());

  useEffect(() => {
    const roundId = params.round_id;
    if (roundId && !params.server_seed) {
      // The platform's history links name the provider round only: look it up (public) and, once its
      // server seed has been revealed, recompute it at once.
      api.publicRound(roundId).then(
        (found) => {
          const input: VerifyInput = {
            gameCode: found.game_code,
            serverSeed: found.server_seed ?? "",
            clientSeed: found.client_seed,
            nonce: String(found.nonce),
            extra: Object.keys(found.params).length ? JSON.stringify(found.params) : "",
            actions: found.actions.join(", "),
          };
          setRound(found);
          setGameCode(input.gameCode);
          setServerSeed(input.serverSeed);
          setClientSeed(input.clientSeed);
          setNonce(input.nonce);
          setExtra(input.extra);
          setActions(input.actions);
          api.game(found.game_code).then(setRoundDefinition, () => setRoundDefinition(null));
          if (found.server_seed) void runVerify(input);
        },
        (e) =>
          setRoundMissing(
            e instanceof ApiError && e.status === 404
              ? `The provider has no round ${roundId.slice(0, 64)}. Check the link, or enter the seeds and nonce from the game's round history.`
              : "The round could not be loaded right now. Reload the page, or enter the seeds and nonce from the game's round history.",
          ),
      );
    } else if (valid && params.server_seed) {
      // Opened with every field filled: verify at once.
      void verify();
    }
    // Only on first load: later edits verify on submit.
  }, []);

  const expectedHash = round?.server_seed_hash ?? params.server_seed_hash;
  const recordedDraw = round && result && definition ? drawFingerprint(definition.kind, round.outcome) : null;
  const recomputedDraw = result && definition ? drawFingerprint(definition.kind, result.outcome) : null;
  const recordedSummary = round?.outcome && roundDefinition ? summarizeOutcome(roundDefinition.kind, round.outcome) : null;

  return (
    <div className="verify">
      <h1 style={{ margin: 0 }}>Verify a round</h1>
      <p className="muted" style={{ margin: 0 }}>
        Each outcome is computed from HMAC-SHA256(key = server seed, message = "client seed:nonce:round"), four bytes per number, integers by rejection
        sampling. Enter a revealed server seed to recompute any round of any house game.
      </p>
      {roundMissing && (
        <div className="alert" role="alert">
          <p>{roundMissing}</p>
        </div>
      )}
      {round && !round.revealed && (
        <section className="alert info" role="status" data-testid="verify-not-revealed">
          <h2 style={{ margin: 0, fontSize: "1.05rem" }}>Not revealed yet</h2>
          <p>
            Round <code>{round.round_id}</code>
            {roundDefinition ? ` of ${roundDefinition.name}` : ""} was played on the server seed committed before play as SHA-256{" "}
            <code style={{ wordBreak: "break-all" }}>{round.server_seed_hash}</code>, with client seed <code>{round.client_seed}</code> and nonce{" "}
            {round.nonce}.
            {recordedSummary && ` Recorded outcome: ${recordedSummary}.`}
          </p>
          {round.live_round_number !== null ? (
            <p>A live table publishes its round&apos;s server seed with the result: reload this page once the round has been played.</p>
          ) : (
            <p>
              The server seed stays secret while it is in use, so that no one can work outcomes out in advance. To reveal it, open the game, choose{" "}
              <strong>Provably fair</strong> and then <strong>Rotate seeds</strong> (a new seed is committed for your next rounds). Then open this link
              again: the round is recomputed here and compared with the recorded outcome.
            </p>
          )}
        </section>
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
            {round && round.server_seed_hash === result.server_seed_hash && (
              <>
                <dt>Recorded outcome</dt>
                <dd data-testid="verify-match">
                  {recordedDraw === null
                    ? "The provider has no recorded outcome to compare for this round."
                    : recordedDraw === recomputedDraw
                      ? `✓ Matches the outcome recorded for round ${round.round_id}${recordedSummary ? ` (${recordedSummary})` : ""}.`
                      : `✗ Differs from the outcome recorded for round ${round.round_id}${recordedSummary ? ` (${recordedSummary})` : ""}.`}
                </dd>
              </>
            )}
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
