import { z } from "zod";
import { canonicalAmount, fromUnits, multiplyUnits, toFixedAmount, toUnits, type Units } from "@croupier/contract/money";
import { hashServerSeed, type SeedTriple } from "../fairness/rng.ts";
import { allowedActions, applyAction, CardSource, deal, standAllAndFinish, unitsReturned, unitsStaked, type BlackjackState, type PlayerAction } from "../games/blackjack/blackjack-play.ts";
import { handTotal } from "../games/blackjack/blackjack-rules.ts";
import { findGame, type HouseGame } from "../games/game-catalog.ts";
import { drawInstant, GameRuleError, settleInstant, stakeOf, type InstantDraw } from "../games/play-instant.ts";
import { Fraction } from "../stats/fraction.ts";
import type { HouseContext } from "./house-context.ts";
import { decimalInput, plainText, ruleRefusal } from "../http/input.ts";
import { freeSpinsFromAnswer, freeSpinsView, type FreeSpinsView } from "./free-spins.ts";
import { HouseError, walletRefusal } from "./house-error.ts";
import { loadSession, platformToken, sessionProfile, type SessionRow } from "./sessions.ts";
import type { WalletOutcome } from "../wallet/wallet-client.ts";

/** Sees every wallet answer of a play call (the latest free-spin state rides on them). */
type AnswerSeen = (answer: WalletOutcome) => void;

export const playRoundBody = z.object({
  stake: decimalInput.optional(),
  is_free_spin: z.boolean().default(false),
  autoplay: z.boolean().default(false),
  client_request_id: plainText(64).min(1).optional(),
  // Checked against the game's own rules by stakeOf (which names the field); at most 16 keys here.
  params: z.record(z.string().max(32), z.unknown()).refine((params) => Object.keys(params).length <= 16, "at most 16 parameters").default({}),
});
export type PlayRoundBody = z.infer<typeof playRoundBody>;

/** Extra stakes (double, split, insurance) whose action was never applied end "rolled_back": the hand did not double. */
type WalletBook = { bets: { tx: string; amount: string; status: "pending" | "ok" | "refused" | "rolled_back" }[]; win?: { tx: string; amount: string; status: "pending" | "ok" }; rolledBack?: boolean };

export type RoundRow = {
  id: string;
  session_id: string;
  game_code: string;
  kind: string;
  status: "open" | "bet_placed" | "in_progress" | "settled" | "refunded" | "rejected";
  is_free_spin: boolean;
  stake: string;
  win: string | null;
  balance_before: string | null;
  balance_after: string | null;
  params: Record<string, unknown>;
  draw: InstantDraw & { hands?: number };
  state: BlackjackState | null;
  outcome: Record<string, unknown> | null;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  client_request_id: string | null;
  wallet: WalletBook;
  error: string | null;
  created_at: string;
  settled_at: string | null;
  /** Joined: the session's current server seed (a round's seed is revealed once they differ). */
  current_seed?: string;
};

const ROUND_COLUMNS = `r.id, r.session_id, r.game_code, r.kind, r.status, r.is_free_spin, r.stake::text AS stake, r.win::text AS win,
  r.balance_before::text AS balance_before, r.balance_after::text AS balance_after, r.params, r.draw, r.state, r.outcome,
  r.server_seed, r.server_seed_hash, r.client_seed, r.nonce, r.client_request_id, r.wallet, r.error,
  r.created_at::text AS created_at, r.settled_at::text AS settled_at, s.server_seed AS current_seed`;

async function loadRound(ctx: HouseContext, id: string): Promise<RoundRow | undefined> {
  const [row] = await ctx.database.query<RoundRow>(`SELECT ${ROUND_COLUMNS} FROM house.rounds r JOIN house.sessions s ON s.id = r.session_id WHERE r.id = $1`, [id]);
  return row;
}

async function update(ctx: HouseContext, id: string, fields: Partial<Record<"status" | "win" | "balance_before" | "balance_after" | "state" | "outcome" | "wallet" | "error", unknown>>, settled = false) {
  const entries = Object.entries(fields);
  const sets = entries.map(([key], i) => `${key} = $${i + 2}${["state", "outcome", "wallet"].includes(key) ? "::jsonb" : ""}`);
  if (settled) sets.push("settled_at = now()");
  sets.push("updated_at = now()");
  const values = entries.map(([, value]) => (value !== null && typeof value === "object" ? JSON.stringify(value) : value));
  await ctx.database.query(`UPDATE house.rounds SET ${sets.join(", ")} WHERE id = $1`, [id, ...values]);
}

export function roundView(row: RoundRow) {
  const canonical = (value: string | null) => (value === null ? null : canonicalAmount(value));
  const stake = toUnits(row.stake);
  const win = row.win === null ? null : toUnits(row.win);
  return {
    round_id: row.id,
    game_code: row.game_code,
    status: row.status,
    stake: canonicalAmount(row.stake),
    win: canonical(row.win),
    net: win === null ? null : fromUnits(win - stake),
    is_free_spin: row.is_free_spin,
    balance_before: canonical(row.balance_before),
    balance_after: canonical(row.balance_after),
    created_at: row.created_at,
    settled_at: row.settled_at,
    params: row.params,
    fairness: {
      server_seed_hash: row.server_seed_hash,
      client_seed: row.client_seed,
      nonce: row.nonce,
      server_seed: row.current_seed !== undefined && row.current_seed !== row.server_seed ? row.server_seed : null,
    },
    outcome: row.outcome,
  };
}

/** The next nonce of the session, taken atomically (each bet one nonce). */
async function takeNonce(ctx: HouseContext, session: SessionRow): Promise<SeedTriple> {
  const [row] = await ctx.database.query<{ nonce: number; server_seed: string; client_seed: string }>(
    "UPDATE house.sessions SET nonce = nonce + 1 WHERE id = $1 RETURNING nonce - 1 AS nonce, server_seed, client_seed",
    [session.id],
  );
  return { serverSeed: row!.server_seed, clientSeed: row!.client_seed, nonce: row!.nonce };
}

/**
 * Slot pace (speed of play): the profile's minimum time between two slot rounds holds per player, across
 * all of their sessions and games (the signed player reference from the launch; a demo session paces
 * itself). The binding check is the claim inside the statement that inserts the round (slotPaceGuard);
 * this read only answers an ordinary early spin before a nonce is taken.
 */
function slotPace(session: SessionRow): { key: string; intervalMs: number } | null {
  const intervalMs = sessionProfile(session).min_slot_spin_interval_ms;
  if (intervalMs <= 0) return null;
  return { key: session.mode === "real" && session.player_ref ? `player:${session.player_ref}` : `session:${session.id}`, intervalMs };
}

async function tooFast(ctx: HouseContext, pace: { key: string; intervalMs: number }): Promise<HouseError | null> {
  const [row] = await ctx.database.query<{ wait_ms: number }>(
    `SELECT ceil(extract(epoch FROM (last_slot_at + make_interval(secs => $2::float8 / 1000) - clock_timestamp())) * 1000)::int AS wait_ms
       FROM house.slot_pace WHERE pace_key = $1`,
    [pace.key, pace.intervalMs],
  );
  if (!row || row.wait_ms <= 0) return null;
  return new HouseError("TOO_FAST", "Please wait before the next spin.", 429, { retry_after_ms: Math.min(pace.intervalMs, Math.max(1, row.wait_ms)) });
}

/**
 * A CTE for the round's INSERT: claims the pace key (insert, or move last_slot_at forward only when the
 * interval has passed). Concurrent claims of one key serialize on its row and re-check the condition
 * against the winner's time, so of two spins of one player at once exactly one is accepted.
 */
const SLOT_PACE_CLAIM = `pace AS (
       INSERT INTO house.slot_pace AS p (pace_key, last_slot_at) VALUES ($17, clock_timestamp())
       ON CONFLICT (pace_key) DO UPDATE SET last_slot_at = clock_timestamp()
        WHERE p.last_slot_at <= clock_timestamp() - make_interval(secs => $18::float8 / 1000)
       RETURNING 1)`;

const totalBalance = (answer: { balance: string | null; bonus_balance: string | null }) =>
  answer.balance === null ? null : toUnits(answer.balance) + (answer.bonus_balance ? toUnits(answer.bonus_balance) : 0n);

/** Demo money moves in one guarded statement: never below zero. */
async function moveDemo(ctx: HouseContext, session: SessionRow, debit: Units, credit: Units): Promise<{ before: Units; after: Units } | null> {
  const [row] = await ctx.database.query<{ after: string }>(
    "UPDATE house.sessions SET demo_balance = demo_balance - $2::numeric + $3::numeric WHERE id = $1 AND demo_balance >= $2::numeric RETURNING demo_balance::text AS after",
    [session.id, toFixedAmount(debit, 18, "trunc"), toFixedAmount(credit, 18, "trunc")],
  );
  if (!row) return null;
  const after = toUnits(row.after);
  return { before: after + debit - credit, after };
}

/**
 * Plays (or starts, for blackjack) one round. Order matters for fairness and
 * money: the stake and the RNG result are stored first (status open), then
 * the wallet is debited, then the win is credited and only then the outcome
 * is shown. A crash between any two steps is finished by recoverRounds with
 * the same stored result.
 */
export async function playRound(ctx: HouseContext, session: SessionRow, body: PlayRoundBody) {
  const game = findGame(session.game_code)!;
  if (game.live) throw new HouseError("VALIDATION_ERROR", "Live tables take bets through /live.", 400);
  // Refused by the profile; the per-player pace below also keeps any client-side autoplay no faster than manual play.
  if (body.autoplay && !sessionProfile(session).autoplay) throw new HouseError("AUTOPLAY_DISABLED", "Autoplay is not available in this jurisdiction.", 403);
  if (body.is_free_spin && (!game.canFreeSpins || session.mode === "demo")) throw new HouseError("VALIDATION_ERROR", "Free spins are not available here.", 400);
  if (body.client_request_id) {
    const [existing] = await ctx.database.query<{ id: string }>("SELECT id FROM house.rounds WHERE session_id = $1 AND client_request_id = $2", [session.id, body.client_request_id]);
    if (existing) return roundView((await loadRound(ctx, existing.id))!);
  }
  await recoverSessionRounds(ctx, session);
  const [pending] = await ctx.database.query<{ id: string }>("SELECT id FROM house.rounds WHERE session_id = $1 AND status IN ('open', 'in_progress', 'bet_placed') LIMIT 1", [session.id]);
  if (pending) throw new HouseError("ROUND_IN_PROGRESS", "Finish the current round first.", 409, { round_id: pending.id });

  // A free spin is played at the bet the platform granted it at, whatever the client sent: the platform is asked
  // first, and a player without spins left is told so before anything is stored.
  const freeSpinBet = body.is_free_spin ? await grantedFreeSpinBet(ctx, session) : null;
  let stake;
  const rawHands = body.params.hands ?? 1;
  const hands = game.kind === "blackjack" && typeof rawHands === "number" ? rawHands : 1;
  try {
    if (game.kind === "blackjack" && typeof rawHands !== "number") throw new GameRuleError("VALIDATION_ERROR", "a whole number of hands", ["params", "hands"]);
    if (game.kind === "blackjack" && (!Number.isInteger(hands) || hands < 1 || hands > game.rules.maxHands)) throw new GameRuleError("INVALID_BET", `Play 1 to ${game.rules.maxHands} hands.`, ["params", "hands"]);
    stake = stakeOf(game, body.params, freeSpinBet ?? body.stake, session.decimals);
  } catch (error) {
    if (error instanceof GameRuleError) throw ruleRefusal(error, "body");
    throw error;
  }
  const perHand = stake.total;
  const totalStake = game.kind === "blackjack" ? perHand * BigInt(hands) : stake.total;
  const pace = game.kind === "slot" ? slotPace(session) : null;
  if (pace) {
    const early = await tooFast(ctx, pace);
    if (early) throw early;
  }

  const seeds = await takeNonce(ctx, session);
  let draw: RoundRow["draw"];
  let outcome: Record<string, unknown> | null = null;
  let win: Units | null = null;
  let state: BlackjackState | null = null;
  if (game.kind === "blackjack") {
    state = deal(new CardSource(seeds), hands);
    draw = { hands };
  } else {
    draw = drawInstant(game, seeds);
    const settled = settleInstant(game, draw, stake, session.decimals);
    outcome = settled.outcome;
    win = settled.win;
  }
  // Only validated parameters are stored (never the raw request: a NUL in an unknown key was a 500 from jsonb).
  const storedParams = game.kind === "blackjack" ? { hands } : stake.params;
  // The round is accepted only together with the pace claim (one statement): no window between check and insert.
  const [row] = await ctx.database.query<{ id: string }>(
    `${pace ? `WITH ${SLOT_PACE_CLAIM} ` : ""}INSERT INTO house.rounds (session_id, game_code, kind, status, is_free_spin, stake, win, params, draw, state, outcome,
                               server_seed, server_seed_hash, client_seed, nonce, client_request_id, wallet)
     SELECT $1, $2, $3, 'open', $4, $5, $6, $7::jsonb, $8::jsonb, $9::jsonb, $10::jsonb, $11, $12, $13, $14, $15, $16::jsonb
     ${pace ? "WHERE EXISTS (SELECT 1 FROM pace)" : ""} RETURNING id`,
    [
      session.id, game.code, game.kind, body.is_free_spin, toFixedAmount(totalStake, 18, "trunc"), win === null ? null : toFixedAmount(win, 18, "trunc"),
      JSON.stringify({ ...storedParams, stake: toFixedAmount(perHand, session.decimals, "trunc") }), JSON.stringify(draw), state ? JSON.stringify(state) : null,
      outcome ? JSON.stringify(outcome) : null, seeds.serverSeed, hashServerSeed(seeds.serverSeed), seeds.clientSeed, seeds.nonce, body.client_request_id ?? null,
      JSON.stringify({ bets: [] }),
      ...(pace ? [pace.key, pace.intervalMs] : []),
    ],
  );
  // Lost the claim to a concurrent spin of the same player: nothing was stored (the nonce it took stays unused).
  if (!row) throw (pace && (await tooFast(ctx, pace))) || new HouseError("TOO_FAST", "Please wait before the next spin.", 429, { retry_after_ms: pace?.intervalMs ?? 1 });
  const id = row.id;
  let freeSpins: FreeSpinsView | undefined;
  // An OK answer without free rounds means the wallet has none (the protocol leaves the fields out then).
  const seen: AnswerSeen = (answer) => {
    if (answer.status === "OK") freeSpins = freeSpinsView(game.canFreeSpins, session.mode, freeSpinsFromAnswer(answer));
  };
  await placeStake(ctx, session, id, totalStake, body.is_free_spin, seen);
  const placed = (await loadRound(ctx, id))!;
  if (game.kind === "blackjack") return roundView(await progressBlackjack(ctx, session, game, placed));
  const view = roundView(await payOut(ctx, session, placed, win!, true, seen));
  // Games that take free spins carry the state after this round, so the client's count follows the platform.
  return game.canFreeSpins && freeSpins ? { ...view, free_spins: freeSpins } : view;
}

/** The bet of the player's granted free spins in this game; refused when none are left (or the platform sent none). */
async function grantedFreeSpinBet(ctx: HouseContext, session: SessionRow): Promise<string> {
  const answer = await ctx.wallet.balance({ token: platformToken(session), game_code: session.game_code });
  if (answer.status !== "OK") throw walletRefusal(answer.status);
  const state = freeSpinsFromAnswer(answer);
  if (!state || state.count === 0 || state.bet === null) throw new HouseError("NO_FREE_SPINS", "You have no free spins left in this game.", 409);
  return state.bet;
}

/** Debits the round's (first) stake; a refusal closes the round with nothing moved. */
async function placeStake(ctx: HouseContext, session: SessionRow, roundId: string, amount: Units, isFreeSpin: boolean, seen?: AnswerSeen) {
  const tx = `${roundId}:bet:0`;
  const book: WalletBook = { bets: [{ tx, amount: toFixedAmount(amount, session.decimals, "trunc"), status: "pending" }] };
  await update(ctx, roundId, { wallet: book });
  if (session.mode === "demo") {
    const moved = await moveDemo(ctx, session, amount, 0n);
    if (!moved) {
      await update(ctx, roundId, { status: "rejected", error: "NOT_ENOUGH_MONEY", wallet: { bets: [{ ...book.bets[0]!, status: "refused" }] } }, true);
      throw walletRefusal("NOT_ENOUGH_MONEY");
    }
    book.bets[0]!.status = "ok";
    await update(ctx, roundId, { status: "bet_placed", balance_before: toFixedAmount(moved.before, 18, "trunc"), balance_after: toFixedAmount(moved.after, 18, "trunc"), wallet: book });
    return;
  }
  const answer = await ctx.wallet.bet({
    token: platformToken(session), game_code: session.game_code, round_id: roundId, transaction_uuid: tx,
    amount: book.bets[0]!.amount, currency: session.currency, is_free_spin: isFreeSpin, round_closed: false,
  });
  seen?.(answer);
  if (answer.status === "OK") {
    book.bets[0]!.status = "ok";
    const after = totalBalance(answer)!;
    await update(ctx, roundId, { status: "bet_placed", balance_before: toFixedAmount(after + (isFreeSpin ? 0n : amount), 18, "trunc"), balance_after: toFixedAmount(after, 18, "trunc"), wallet: book });
    return;
  }
  if (answer.status === "UNREACHABLE") {
    // Unknown whether the debit landed: roll it back (a tombstone if it never arrived) so no money stays taken.
    await refundRound(ctx, session, roundId, book, "UNREACHABLE");
    throw walletRefusal("UNREACHABLE");
  }
  await update(ctx, roundId, { status: "rejected", error: answer.status, wallet: { bets: [{ ...book.bets[0]!, status: "refused" }] } }, true);
  throw walletRefusal(answer.status);
}

async function refundRound(ctx: HouseContext, session: SessionRow, roundId: string, book: WalletBook, reason: string) {
  if (session.mode === "demo") {
    const refund = book.bets.filter((bet) => bet.status === "ok").reduce((sum, bet) => sum + toUnits(bet.amount), 0n);
    const moved = await moveDemo(ctx, session, 0n, refund);
    await update(ctx, roundId, { status: "refunded", win: "0", error: reason, balance_after: moved ? toFixedAmount(moved.after, 18, "trunc") : null, wallet: { ...book, rolledBack: true } }, true);
    return true;
  }
  let last = null;
  for (const bet of book.bets) {
    const answer = await ctx.wallet.rollback({ token: session.token, game_code: session.game_code, round_id: roundId, transaction_uuid: `${bet.tx}:rollback`, reference_transaction_uuid: bet.tx });
    if (answer.status !== "OK") {
      await update(ctx, roundId, { error: `rollback ${answer.status}`, wallet: book });
      return false;
    }
    last = answer;
  }
  // A rollback without a token of a bet the platform never saw (recovery after an outage: the provider keeps no
  // token) answers OK with no balance, since no wallet is named: the round is refunded all the same.
  const after = last ? totalBalance(last) : null;
  await update(ctx, roundId, { status: "refunded", win: "0", error: reason, balance_after: after === null ? null : toFixedAmount(after, 18, "trunc"), wallet: { ...book, rolledBack: true } }, true);
  return true;
}

/** Credits the win (0 included: it closes the round) referencing the first bet. */
async function payOut(ctx: HouseContext, session: SessionRow, row: RoundRow, win: Units, closeRound: boolean, seen?: AnswerSeen): Promise<RoundRow> {
  const book: WalletBook = { ...row.wallet, win: { tx: `${row.id}:win`, amount: toFixedAmount(win, session.decimals, "trunc"), status: "pending" } };
  await update(ctx, row.id, { wallet: book, win: toFixedAmount(win, 18, "trunc") });
  if (session.mode === "demo") {
    const moved = await moveDemo(ctx, session, 0n, win);
    book.win!.status = "ok";
    await update(ctx, row.id, { status: "settled", balance_after: toFixedAmount(moved!.after, 18, "trunc"), wallet: book }, true);
    return (await loadRound(ctx, row.id))!;
  }
  const answer = await ctx.wallet.win({
    token: session.token, game_code: session.game_code, round_id: row.id, transaction_uuid: book.win!.tx,
    reference_transaction_uuid: book.bets[0]!.tx, amount: book.win!.amount, currency: session.currency, round_closed: closeRound,
  });
  seen?.(answer);
  if (answer.status === "OK") {
    book.win!.status = "ok";
    await update(ctx, row.id, { status: "settled", balance_after: toFixedAmount(totalBalance(answer)!, 18, "trunc"), wallet: book }, true);
  } else {
    // The win is owed whatever happens: recoverRounds retries it with the same transaction id.
    await update(ctx, row.id, { status: "bet_placed", error: `win ${answer.status}`, wallet: book });
  }
  return (await loadRound(ctx, row.id))!;
}

const blackjackUnits = (units: number) => new Fraction(Math.round(units * 2), 2);

function blackjackOutcome(game: Extract<HouseGame, { kind: "blackjack" | "live_blackjack" }>, state: BlackjackState, perHand: Units, decimals: number) {
  const money = (units: number | null) => (units === null ? null : toFixedAmount(multiplyUnits(perHand, blackjackUnits(units), decimals, "trunc"), decimals, "trunc"));
  const done = state.phase === "done";
  const dealerCards = done ? state.dealer : [state.dealer[0]!];
  return {
    dealer: { cards: dealerCards, hole_hidden: !done, total: handTotal(dealerCards).total },
    hands: state.hands.map((hand) => ({
      cards: hand.cards,
      total: handTotal(hand.cards).total,
      soft: handTotal(hand.cards).soft,
      stake: money(hand.units),
      status: hand.status,
      doubled: hand.units === 2,
      result: hand.result,
      win: money(hand.returns),
    })),
    active_hand: done ? null : state.active,
    insurance: { offered: state.insurance.offered, taken: state.insurance.taken, stake: money(0.5 * state.insurance.hands), win: money(state.insurance.returns) },
    allowed_actions: allowedActions(game.rules, state),
    actions: state.actions,
  };
}

async function progressBlackjack(ctx: HouseContext, session: SessionRow, game: HouseGame, row: RoundRow): Promise<RoundRow> {
  if (game.kind !== "blackjack") throw new Error("not blackjack");
  const perHand = toUnits(String(row.params.stake));
  const state = row.state!;
  await update(ctx, row.id, { state, outcome: blackjackOutcome(game, state, perHand, session.decimals), status: state.phase === "done" ? row.status : "in_progress" });
  if (state.phase !== "done") return (await loadRound(ctx, row.id))!;
  const current = (await loadRound(ctx, row.id))!;
  // An extra stake whose answer was lost never got its action: it must not stay taken once the round closes.
  if (!(await rollBackUnappliedStakes(ctx, session, current))) return (await loadRound(ctx, row.id))!;
  const win = multiplyUnits(perHand, blackjackUnits(unitsReturned(state)), session.decimals, "trunc");
  return payOut(ctx, session, (await loadRound(ctx, row.id))!, win, true);
}

/**
 * Rolls back every extra stake (index > 0) still "pending" in the book: the
 * state and the stake's "ok" are written together, so a pending one is a
 * double, split or insurance whose debit answer was lost and whose action was
 * never applied. The rollback is idempotent (a tombstone if the debit never
 * arrived). False when the wallet did not answer: retried by recovery.
 */
async function rollBackUnappliedStakes(ctx: HouseContext, session: SessionRow, row: RoundRow): Promise<boolean> {
  const book = row.wallet;
  const pending = book.bets.filter((bet, i) => i > 0 && bet.status === "pending");
  if (pending.length === 0) return true;
  for (const bet of pending) {
    if (session.mode === "real") {
      const answer = await ctx.wallet.rollback({ token: session.token, game_code: session.game_code, round_id: row.id, transaction_uuid: `${bet.tx}:rollback`, reference_transaction_uuid: bet.tx });
      if (answer.status !== "OK") {
        await update(ctx, row.id, { error: `rollback ${answer.status}`, wallet: book });
        return false;
      }
    }
    bet.status = "rolled_back";
  }
  await update(ctx, row.id, { wallet: book });
  return true;
}

export const actionBody = z.object({ action: z.enum(["hit", "stand", "double", "split", "insurance", "no_insurance", "surrender"]) });

/** One blackjack decision; double, split and insurance first debit their extra stake. */
export async function actOnRound(ctx: HouseContext, session: SessionRow, roundId: string, action: PlayerAction) {
  const row = await loadRound(ctx, roundId);
  if (!row || row.session_id !== session.id) throw new HouseError("NOT_FOUND", "No such round.", 404);
  const game = findGame(row.game_code)!;
  if (row.status !== "in_progress" || !row.state || game.kind !== "blackjack") throw new HouseError("NO_ROUND_IN_PROGRESS", "This round takes no more decisions.", 409);
  const state = row.state;
  if (!allowedActions(game.rules, state).includes(action)) throw new HouseError("ILLEGAL_ACTION", `${action} is not allowed now.`, 422);
  const perHand = toUnits(String(row.params.stake));
  const extra = action === "double" || action === "split" ? perHand : action === "insurance" ? multiplyUnits(perHand, new Fraction(state.insurance.hands, 2), session.decimals, "trunc") : 0n;
  const book = row.wallet;
  if (extra > 0n) {
    const tx = `${row.id}:bet:${book.bets.length}`;
    book.bets.push({ tx, amount: toFixedAmount(extra, session.decimals, "trunc"), status: "pending" });
    await update(ctx, row.id, { wallet: book });
    if (session.mode === "demo") {
      if (!(await moveDemo(ctx, session, extra, 0n))) {
        book.bets.pop();
        await update(ctx, row.id, { wallet: book });
        throw walletRefusal("NOT_ENOUGH_MONEY");
      }
    } else {
      const answer = await ctx.wallet.bet({
        token: platformToken(session), game_code: session.game_code, round_id: row.id, transaction_uuid: tx,
        amount: toFixedAmount(extra, session.decimals, "trunc"), currency: session.currency, is_free_spin: false, round_closed: false,
      });
      if (answer.status !== "OK") {
        if (answer.status === "UNREACHABLE") {
          // Keep it in the book as pending: a later rollback of the round covers it if it did land.
          await update(ctx, row.id, { wallet: book });
        } else {
          book.bets.pop();
          await update(ctx, row.id, { wallet: book });
        }
        throw walletRefusal(answer.status);
      }
    }
    book.bets[book.bets.length - 1]!.status = "ok";
  }
  const next = applyAction(game.rules, new CardSource({ serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce }), state, action);
  const newStake = multiplyUnits(perHand, blackjackUnits(unitsStaked(next)), session.decimals, "trunc");
  await ctx.database.query("UPDATE house.rounds SET stake = $2 WHERE id = $1", [row.id, toFixedAmount(newStake, 18, "trunc")]);
  await update(ctx, row.id, { wallet: book, state: next });
  return roundView(await progressBlackjack(ctx, session, game, (await loadRound(ctx, row.id))!));
}

export async function getRound(ctx: HouseContext, session: SessionRow, roundId: string) {
  const row = await loadRound(ctx, roundId);
  if (!row || row.session_id !== session.id) throw new HouseError("NOT_FOUND", "No such round.", 404);
  return roundView(row);
}

export async function listRounds(ctx: HouseContext, session: SessionRow, limit: number) {
  const rows = await ctx.database.query<RoundRow>(
    `SELECT ${ROUND_COLUMNS} FROM house.rounds r JOIN house.sessions s ON s.id = r.session_id
      WHERE r.session_id = $1 AND r.status <> 'rejected' ORDER BY r.created_at DESC LIMIT $2`,
    [session.id, limit],
  );
  return rows.map(roundView);
}

export async function pendingRound(ctx: HouseContext, session: SessionRow) {
  const [row] = await ctx.database.query<{ id: string }>("SELECT id FROM house.rounds WHERE session_id = $1 AND status IN ('open', 'in_progress', 'bet_placed') ORDER BY created_at DESC LIMIT 1", [session.id]);
  return row ? roundView((await loadRound(ctx, row.id))!) : null;
}

/**
 * Finishes what a crash or a lost connection left half done, always with the
 * stored RNG result: an open round (its bet's answer lost, nothing shown) is
 * rolled back, since the provider keeps no token to re-send the bet (ADR 010;
 * wins and rollbacks go without one); a placed bet gets its win. A blackjack hand left waiting for longer than the
 * configured time is completed by the game's published rules (ADR 009): the
 * player's hands stand, the dealer plays out with the same cards, and the
 * round settles like any other. Refunds are only for stakes that never
 * landed, and "the better of winnings so far or a refund" (PLAYER_PROTECTION
 * #6) only for a round that cannot be completed at all.
 */
export async function recoverRounds(ctx: HouseContext, options: { sessionId?: string } = {}) {
  const rows = await ctx.database.query<{ id: string; session_id: string }>(
    `SELECT id, session_id FROM house.rounds
      WHERE (status IN ('open', 'bet_placed')
             OR (status = 'in_progress' AND (updated_at < now() - make_interval(mins => $1) OR state->>'phase' = 'done')))
        AND ($2::uuid IS NULL OR session_id = $2::uuid)
      ORDER BY created_at LIMIT 200`,
    [ctx.config.abandonAfterMinutes, options.sessionId ?? null],
  );
  let finished = 0;
  for (const { id, session_id } of rows) {
    const row = (await loadRound(ctx, id))!;
    // A game withdrawn from the catalogue can still pay what was drawn; an unfinished hand of it is voided below.
    const game = findGame(row.game_code);
    try {
      const session = await loadSession(ctx, session_id);
      if (row.status === "open") {
        const first = row.wallet.bets[0];
        if (!first) {
          await update(ctx, id, { status: "rejected", error: "never staked" }, true);
          continue;
        }
        if (session.mode === "demo") {
          // Play money only: an interrupted demo round is closed without a payout.
          await update(ctx, id, { status: "rejected", error: "interrupted before the stake" }, true);
          continue;
        }
        // The bet's answer was lost and the provider keeps no token to re-send it: roll it back instead (a
        // tombstone if it never arrived). Nothing of the round was shown, so a refund is the right outcome.
        if (await refundRound(ctx, session, id, row.wallet, "recovery: bet unconfirmed, rolled back")) finished += 1;
        continue;
      }
      const current = (await loadRound(ctx, id))!;
      if (current.status === "bet_placed" && game?.kind === "blackjack" && current.win === null) {
        // Staked, but the deal was never shown: carry on with the same cards.
        await progressBlackjack(ctx, session, game, current);
        finished += 1;
      } else if (current.status === "bet_placed") {
        await payOut(ctx, session, current, toUnits(current.win ?? "0"), true);
        finished += 1;
      } else if (current.status === "in_progress" && game?.kind === "blackjack" && current.state) {
        const settled = await finishInterruptedBlackjack(ctx, session, game, current);
        if (settled.status === "settled") finished += 1;
      } else if (current.status === "in_progress") {
        await voidUncompletableRound(ctx, session, current);
        finished += 1;
      }
    } catch (error) {
      await update(ctx, id, { error: `recovery failed: ${(error as Error).message}`.slice(0, 500) });
    }
  }
  return finished;
}

/**
 * The interruption rule (ADR 009): the hand stands as it is (pending
 * insurance declined, no further cards, no double, no split), the dealer
 * plays out from the round's own card stream, and the round settles exactly
 * as if the player had pressed "stand". A pending extra stake is rolled back
 * first (its action never happened).
 */
async function finishInterruptedBlackjack(ctx: HouseContext, session: SessionRow, game: Extract<HouseGame, { kind: "blackjack" | "live_blackjack" }>, row: RoundRow): Promise<RoundRow> {
  if (!(await rollBackUnappliedStakes(ctx, session, row))) return (await loadRound(ctx, row.id))!;
  const source = new CardSource({ serverSeed: row.server_seed, clientSeed: row.client_seed, nonce: row.nonce });
  const state = standAllAndFinish(game.rules, source, row.state!);
  await update(ctx, row.id, { state });
  return progressBlackjack(ctx, session, game, (await loadRound(ctx, row.id))!);
}

/**
 * A round that truly cannot be completed (its game withdrawn from the
 * catalogue, its stored state lost): PLAYER_PROTECTION #6, the better of the
 * winnings so far or a refund of every stake. A dealt blackjack hand can
 * always be completed, so blackjack reaches this only with a corrupt row.
 */
async function voidUncompletableRound(ctx: HouseContext, session: SessionRow, row: RoundRow) {
  const state = row.state;
  const soFar = state ? state.hands.reduce((sum, hand) => sum + (hand.returns ?? 0), 0) + (state.insurance.returns ?? 0) : 0;
  const perHand = toUnits(String(row.params.stake ?? "0"));
  const staked = row.wallet.bets.filter((bet) => bet.status === "ok").reduce((sum, bet) => sum + toUnits(bet.amount), 0n);
  const winnings = multiplyUnits(perHand, blackjackUnits(soFar), session.decimals, "trunc");
  if (winnings > staked) await payOut(ctx, session, row, winnings, true);
  else await refundRound(ctx, session, row.id, row.wallet, "could not be completed: refunded");
}

async function recoverSessionRounds(ctx: HouseContext, session: SessionRow) {
  const [stuck] = await ctx.database.query<{ id: string }>("SELECT id FROM house.rounds WHERE session_id = $1 AND status IN ('open', 'bet_placed') LIMIT 1", [session.id]);
  if (stuck) await recoverRounds(ctx, { sessionId: session.id });
}
