import { useEffect, useState } from "react";
import { compareAmounts, formatAmount, isZeroAmount, MONEY_SCALE, multiplyAmount } from "@croupier/contract/money";
import type { BlackjackAction, BlackjackDefinition, BlackjackHand, BlackjackOutcome, Round } from "../../api/types.ts";
import { Shell, decimalsFor } from "../../chrome/shell.tsx";
import { StakeSelector } from "../../chrome/stake-selector.tsx";
import { useSpaceKey } from "../../lib/hooks.ts";
import { clampStake } from "../../lib/stake.ts";
import { useGame } from "../../session/game-session.tsx";

const RANK_NAMES: Record<string, string> = { A: "Ace", T: "10", J: "Jack", Q: "Queen", K: "King" };
const SUIT_NAMES: Record<string, string> = { "♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs" };

export function parseCard(card: string): { rank: string; suit: string; red: boolean; label: string } {
  const rank = card.slice(0, -1) || card;
  const suit = card.slice(-1);
  const shown = rank === "T" ? "10" : rank;
  return { rank: shown, suit, red: suit === "♥" || suit === "♦", label: `${RANK_NAMES[rank] ?? shown} of ${SUIT_NAMES[suit] ?? suit}` };
}

export function CardView({ card }: { card: string | null }) {
  if (!card) return <span className="card-face back" role="img" aria-label="Face-down card" />;
  const c = parseCard(card);
  return (
    <span className={`card-face${c.red ? " red-suit" : ""}`} role="img" aria-label={c.label}>
      <span aria-hidden="true">
        {c.rank}
        {c.suit}
      </span>
      <span className="pip" aria-hidden="true">
        {c.suit}
      </span>
    </span>
  );
}

const ACTION_LABEL: Record<BlackjackAction, string> = {
  hit: "Hit",
  stand: "Stand",
  double: "Double",
  split: "Split",
  insurance: "Insurance",
  no_insurance: "No insurance",
  surrender: "Surrender",
};
const ACTION_KEY: Partial<Record<BlackjackAction, string>> = { hit: "h", stand: "s", double: "d", split: "p", surrender: "r" };

function resultText(hand: BlackjackHand, decimals: number): string {
  if (!hand.result) return hand.status === "bust" ? "Bust" : hand.status === "blackjack" ? "Blackjack!" : "";
  const win = hand.win && !isZeroAmount(hand.win) ? ` +${formatAmount(hand.win, decimals)}` : "";
  return { win: "Win", lose: hand.status === "bust" ? "Bust" : "Lose", push: "Push", blackjack: "Blackjack!" }[hand.result] + win;
}

export function HandView({ title, cards, total, soft, active, note }: { title: string; cards: (string | null)[]; total: number | null; soft?: boolean; active?: boolean; note?: string }) {
  return (
    <div className={`hand${active ? " active" : ""}`} aria-label={title} aria-current={active ? "true" : undefined}>
      <div className="cards">
        {cards.map((c, i) => (
          <CardView key={i} card={c} />
        ))}
      </div>
      <div>
        <strong>{title}</strong>
        {total !== null && ` · ${soft && total <= 21 ? `soft ${total}` : total}`}
        {note && <span className="tone-up"> · {note}</span>}
      </div>
    </div>
  );
}

export function BlackjackGame() {
  const game = useGame();
  const rules = game.definition.blackjack as BlackjackDefinition;
  const decimals = decimalsFor(game.session.currency);
  const pending = game.session.pending_round;
  const [round, setRound] = useState<Round | null>(pending && pending.status === "in_progress" && pending.game_code === game.definition.game_code ? pending : null);
  const [stake, setStake] = useState(() => clampStake(game.definition.bet.default, game.definition.bet));
  const [hands, setHands] = useState(1);
  const outcome = round ? (round.outcome as unknown as BlackjackOutcome) : null;
  const inProgress = round?.status === "in_progress";
  const blocked = game.error?.fatal ?? false;
  const canDeal = !inProgress && !game.busy && !blocked;
  const allowed = inProgress ? (outcome?.allowed_actions ?? []) : [];

  function settle(next: Round) {
    setRound(next);
    if (next.status !== "in_progress") {
      game.sound(isZeroAmount(next.win) ? "stop" : "win");
      game.reveal(next);
    } else game.sound("card");
  }

  async function deal() {
    if (!canDeal) return;
    if (compareAmounts(multiplyAmount(stake, String(hands), MONEY_SCALE, "trunc"), game.balance) > 0) {
      game.showError({ code: "NOT_ENOUGH_MONEY", message: `Your balance does not cover ${hands} × ${formatAmount(stake, decimals)} ${game.session.currency}.` });
      return;
    }
    const next = await game.play(stake, { hands });
    if (next) settle(next);
  }

  async function act(action: BlackjackAction) {
    if (!round || !allowed.includes(action) || game.busy) return;
    const next = await game.act(round.round_id, action);
    if (next) settle(next);
  }

  useSpaceKey(() => void deal(), canDeal);
  useEffect(() => {
    if (!inProgress) return;
    const onKey = (event: KeyboardEvent) => {
      if ((event.target as HTMLElement | null)?.closest("input, select, textarea, dialog[open]")) return;
      const action = (Object.keys(ACTION_KEY) as BlackjackAction[]).find((a) => ACTION_KEY[a] === event.key.toLowerCase());
      if (action && allowed.includes(action)) {
        event.preventDefault();
        void act(action);
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  });

  const dealerCards: (string | null)[] = outcome ? [...outcome.dealer.cards, ...(outcome.dealer.hole_hidden ? [null] : [])] : [];
  const maxHands = Math.max(1, rules.max_hands);

  return (
    <Shell stake={round ? round.stake : multiplyAmount(stake, String(hands), MONEY_SCALE, "trunc")}>
      <div className="game" style={{ display: "grid", gap: 10, maxWidth: 900, width: "100%", margin: "0 auto" }}>
        <div className="bj-table" data-testid="blackjack-table">
          {outcome ? (
            <>
              <HandView title="Dealer" cards={dealerCards} total={outcome.dealer.hole_hidden ? null : outcome.dealer.total} />
              {outcome.insurance?.offered && (
                <p style={{ textAlign: "center", margin: 0 }}>
                  {outcome.insurance.taken === null
                    ? "Dealer shows an ace: insurance?"
                    : outcome.insurance.taken
                      ? `Insured ${formatAmount(outcome.insurance.stake, decimals)}${outcome.insurance.win && !isZeroAmount(outcome.insurance.win) ? `, paid ${formatAmount(outcome.insurance.win, decimals)}` : ""}`
                      : "No insurance"}
                </p>
              )}
              <div className="hands">
                {outcome.hands.map((hand, i) => (
                  <HandView
                    key={i}
                    title={outcome.hands.length > 1 ? `Hand ${i + 1} · ${formatAmount(hand.stake, decimals)}${hand.doubled ? " ×2" : ""}` : `You · ${formatAmount(hand.stake, decimals)}${hand.doubled ? " doubled" : ""}`}
                    cards={hand.cards}
                    total={hand.total}
                    soft={hand.soft}
                    active={inProgress && outcome.active_hand === i}
                    note={resultText(hand, decimals)}
                  />
                ))}
              </div>
              {!inProgress && (
                <p className="win-banner won" aria-live="polite" data-testid="win">
                  {round && !isZeroAmount(round.win) ? `Win ${formatAmount(round.win, decimals)} ${game.session.currency}` : <span className="muted">No win</span>}
                </p>
              )}
            </>
          ) : (
            <p className="muted" style={{ textAlign: "center", alignSelf: "center" }}>
              Dealer {rules.dealer_hits_soft_17 ? "hits" : "stands on"} soft 17 · blackjack pays {rules.blackjack_pays === "1.5" ? "3:2" : rules.blackjack_pays}
              {rules.insurance ? " · insurance pays 2:1" : ""}
            </p>
          )}
        </div>
        {inProgress ? (
          <div className="card row" style={{ justifyContent: "center" }} role="group" aria-label="Your move">
            {(["hit", "stand", "double", "split", "insurance", "no_insurance", "surrender"] as const)
              .filter((a) => allowed.includes(a))
              .map((a) => (
                <button key={a} type="button" className={`btn${a === "stand" || a === "hit" ? " btn-primary" : ""}`} disabled={game.busy} onClick={() => void act(a)} aria-keyshortcuts={ACTION_KEY[a]?.toUpperCase()}>
                  {ACTION_LABEL[a]}
                </button>
              ))}
          </div>
        ) : (
          <div className="card row" style={{ justifyContent: "center" }}>
            <StakeSelector bet={game.definition.bet} value={stake} onChange={setStake} decimals={decimals} label="Stake per hand" />
            {maxHands > 1 && (
              <label className="row">
                Hands
                <select value={hands} onChange={(e) => setHands(Number(e.target.value))}>
                  {Array.from({ length: maxHands }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
            )}
            <button type="button" className="btn btn-primary btn-big" disabled={!canDeal} onClick={() => void deal()} aria-keyshortcuts="Space" data-testid="deal">
              Deal
            </button>
          </div>
        )}
        <p className="muted" style={{ margin: 0, fontSize: "0.8rem", textAlign: "center" }}>
          Keys: Space deal · H hit · S stand · D double · P split · RTP {game.definition.rtp} % with {typeof rules.strategy === "string" ? rules.strategy : "basic strategy (see info)"}
        </p>
      </div>
    </Shell>
  );
}
