import { strategyTable } from "../games/blackjack/blackjack-math.ts";
import { RULE_LINES } from "../games/blackjack/blackjack-rules.ts";
import { diceBetRtp } from "../games/dice/dice-table.ts";
import type { HouseGame } from "../games/game-catalog.ts";
import { coveredNumbers, payoutOdds, pocketLabel, rouletteBetRtp, type RouletteBetType } from "../games/roulette/roulette.ts";
import { computeSlotRtp } from "../games/slot/slot-rtp.ts";
import { jurisdictionProfile, type JurisdictionProfile } from "@croupier/contract/jurisdiction";
import type { HouseConfig } from "./house-config.ts";

/**
 * The interruption rule in plain words, true to recoverRounds (ADR 009): the
 * time is the operator's HOUSE_ABANDON_AFTER_MINUTES.
 */
export function interruptionRule(minutes: number): string {
  const wait = minutes >= 120 && minutes % 60 === 0 ? `${minutes / 60} hours` : `${minutes} minutes`;
  return (
    `If a hand is interrupted (you close the game or lose the connection), it waits for you for ${wait}. ` +
    "After that your hand stands as it is (no further cards, no double or split; insurance not taken), the dealer completes the hand " +
    "with the round's own cards and the round settles by the normal rules. Only a bet that was never dealt is refunded."
  );
}

/** Live tables: a placed bet belongs to its round, whoever stays to watch. */
const LIVE_BET_RULE = "A bet placed in the betting window settles with that round's result even if you leave the table or lose the connection.";

const BET = { min: "0.10", max: "100.00", default: "1.00", step: "0.10", options: ["0.10", "0.20", "0.50", "1.00", "2.00", "5.00", "10.00", "20.00", "50.00", "100.00"] };

export function gameSummary(game: HouseGame) {
  return {
    game_code: game.code,
    name: game.name,
    studio: game.studio,
    kind: game.kind,
    rtp: game.rtp.mul(100).toDecimal(4),
    volatility: game.kind === "slot" ? game.volatility : null,
    can_demo: game.canDemo,
    can_freespins: game.canFreeSpins,
    live: game.live,
  };
}

/** What the client shows and obeys of a jurisdiction profile (the shape Session.jurisdiction has always had). */
export function jurisdictionView(profile: JurisdictionProfile, slot = true) {
  return { code: profile.code, min_spin_interval_ms: slot ? profile.min_slot_spin_interval_ms : 0, autoplay: profile.autoplay };
}

/**
 * The full, public definition: everything a player (or an auditor) needs to check the published RTP.
 * `profile` is the viewer's session's jurisdiction (it arrives with the signed launch); none without one.
 */
export function gameDefinition(game: HouseGame, config: HouseConfig, profile: JurisdictionProfile = jurisdictionProfile("none")) {
  const base = {
    ...gameSummary(game),
    rtp_exact: game.rtp.toDecimal(12),
    rtp_fraction: game.rtp.toString(),
    rtp_note: game.rtpNote,
    bet: BET,
    jurisdiction: jurisdictionView(profile, game.kind === "slot"),
    live_config: game.liveConfig ? { betting_seconds: config.liveTimings?.bettingSeconds ?? game.liveConfig.bettingSeconds, seats: game.liveConfig.seats, dealer: game.liveConfig.dealer } : null,
  };
  switch (game.kind) {
    case "slot": {
      const slot = game.slot;
      const rtp = computeSlotRtp(slot);
      const perStake = slot.creditsPerStake;
      return {
        ...base,
        rules: [
          slot.mode.type === "lines" ? `${slot.mode.lines.length} fixed paylines, left to right from reel 1; the stake is spread evenly over the lines.` : "243 ways: matching symbols on adjacent reels from reel 1, anywhere in the column; the stake is 25 bet units.",
          `${slot.symbols.find((symbol) => symbol.kind === "wild")!.name} is wild on reels 2–5 and substitutes for every paying symbol except the scatter.`,
          `${slot.symbols.find((symbol) => symbol.kind === "scatter")!.name} pays anywhere; 3 or more award ${slot.freeSpins.spins} free spins with all wins ×${slot.freeSpins.multiplier} (no retrigger).`,
          "Only the highest win per line (or symbol for ways) is paid; line, ways and scatter wins add up.",
          `Free spins trigger once every ${(1 / rtp.triggerProbability.toNumber()).toFixed(0)} spins on average.`,
        ],
        slot: {
          reels: 5,
          rows: 3,
          mode: slot.mode.type,
          lines: slot.mode.type === "lines" ? slot.mode.lines : [],
          ways: slot.mode.type === "ways" ? 243 : null,
          symbols: slot.symbols
            .filter((symbol) => symbol.kind !== "blank")
            .map((symbol) => ({
              id: symbol.id,
              name: symbol.name,
              kind: symbol.kind,
              // Multiples of the total stake: scatter pays are already; line/way pays are credits per line / bet unit.
              pays: Object.fromEntries(symbol.pays.map((pay, i) => [String(i + 3), symbol.kind === "scatter" ? String(pay) : (pay / perStake).toString()])),
            })),
          blank_symbol: "X",
          reel_strips: slot.strips,
          free_spins: { trigger: slot.freeSpins.trigger, spins: slot.freeSpins.spins, multiplier: String(slot.freeSpins.multiplier) },
          trigger_probability: rtp.triggerProbability.toString(),
        },
      };
    }
    case "roulette":
    case "live_roulette": {
      const table = game.roulette;
      const types: { type: RouletteBetType; sample: { numbers?: number[]; index?: number } }[] = [
        { type: "straight", sample: { numbers: [1] } }, { type: "split", sample: { numbers: [1, 2] } }, { type: "street", sample: { numbers: [1, 2, 3] } },
        { type: "corner", sample: { numbers: [1, 2, 4, 5] } }, { type: "six_line", sample: { numbers: [1, 2, 3, 4, 5, 6] } }, { type: "trio", sample: { numbers: [0, 1, 2] } },
        { type: "basket", sample: { numbers: [0, 1, 2, 3] } }, { type: "top_line", sample: { numbers: [0, 37, 1, 2, 3] } }, { type: "dozen", sample: { index: 1 } },
        { type: "column", sample: { index: 1 } }, { type: "red", sample: {} }, { type: "black", sample: {} }, { type: "odd", sample: {} }, { type: "even", sample: {} },
        { type: "low", sample: {} }, { type: "high", sample: {} },
      ];
      return {
        ...base,
        rules: [
          `${table.wheel.length} pockets; a bet covering k of the ${table.top} numbers pays ${table.top}/k − 1 to 1.`,
          ...(table.laPartage ? ["La partage: even-money bets get half the stake back when zero comes up."] : []),
          ...(table.balls === 2 ? ["Two balls are spun; each ball settles half of every stake."] : []),
          "Inside bets list the covered numbers; 00 is written 37.",
          ...(game.live ? [LIVE_BET_RULE] : []),
        ],
        roulette: {
          variant: table.variant,
          pockets: table.wheel.map(pocketLabel),
          red: [...table.red],
          top: table.top,
          la_partage: table.laPartage,
          balls: table.balls,
          bet_types: types
            .filter(({ type, sample }) => coveredNumbers(table, { type, ...sample }))
            .map(({ type, sample }) => {
              const covered = coveredNumbers(table, { type, ...sample })!;
              return { type, payout: payoutOdds(table, { type, ...sample }, covered), rtp: rouletteBetRtp(table, { type, ...sample }).toDecimal(6) };
            }),
        },
      };
    }
    case "blackjack":
    case "live_blackjack":
      return {
        ...base,
        rules: [...RULE_LINES(game.rules), game.live ? LIVE_BET_RULE : interruptionRule(config.abandonAfterMinutes), ...(game.live ? ["Live table: bets in the window; the seat's hand is played by the basic strategy below."] : [])],
        blackjack: {
          decks: "infinite (continuous shuffle)",
          dealer_hits_soft_17: false,
          blackjack_pays: "1.5",
          double: game.rules.doubleOn ? `hard ${game.rules.doubleOn.join("/")}` : "any two cards",
          double_after_split: true,
          split: "once, equal rank",
          split_aces_one_card: true,
          insurance: true,
          surrender: game.rules.surrender,
          max_hands: game.rules.maxHands,
          strategy: strategyTable(game.rules),
        },
      };
    case "dice":
      return {
        ...base,
        rules: [
          game.dice.scale === 1 ? "Roll a whole number from 1 to 100." : "Roll a number from 0.00 to 99.99.",
          "Pick a target and over or under; the multiplier (stake included) is (1 − house edge) × outcomes / winning outcomes, floored to 4 decimals.",
        ],
        dice: {
          range: game.dice.scale === 1 ? ["1", "100"] : ["0.00", "99.99"],
          step: game.dice.scale === 1 ? "1" : "0.01",
          house_edge: game.dice.edge.toDecimal(4),
          min_chance: String(game.dice.minChance),
          max_chance: String(game.dice.maxChance),
        },
      };
    case "dice_table":
    case "live_dice":
      return {
        ...base,
        rules: [...game.table.bets.map((bet) => bet.label), ...(game.live ? [LIVE_BET_RULE] : [])],
        dice_table: {
          dice: game.table.dice,
          sides: 6,
          bet_types: game.table.bets.map((bet) => ({ type: bet.type, label: bet.label, rtp: diceBetRtp(game.table, bet).toDecimal(6) })),
        },
      };
  }
}
