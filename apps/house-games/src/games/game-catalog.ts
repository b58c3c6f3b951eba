import { Fraction } from "../stats/fraction.ts";
import { blackjackRtp } from "./blackjack/blackjack-math.ts";
import { CLASSIC_RULES, LIVE_SEAT_RULES, type BlackjackRules } from "./blackjack/blackjack-rules.ts";
import { diceBetRtp, DICE_DUEL, HI_LO_TWO_DICE, SIC_BO, TRIPLE_DICE, type DiceTable } from "./dice/dice-table.ts";
import { HI_LO_DICE, LUCKY_DICE_100, targetRtp, type TargetDice } from "./dice/target-dice.ts";
import { rouletteBetRtp, rouletteTable, type RouletteTable, type RouletteVariant } from "./roulette/roulette.ts";
import { buildSlot } from "./slot/build-slot.ts";
import { computeSlotRtp } from "./slot/slot-rtp.ts";
import type { SlotGame } from "./slot/slot-types.ts";
import { SLOT_VARIANTS } from "./slot/slot-variants.ts";

export type GameKind = "slot" | "roulette" | "blackjack" | "dice" | "dice_table" | "live_roulette" | "live_blackjack" | "live_dice";

type Base = {
  code: string;
  name: string;
  studio: string;
  canDemo: boolean;
  canFreeSpins: boolean;
  live: boolean;
  rtp: Fraction;
  rtpNote: string;
  /** Live tables: betting window and seats. */
  liveConfig?: { bettingSeconds: number; drawSeconds: number; resultSeconds: number; seats: number; dealer: string };
};

export type HouseGame =
  | (Base & { kind: "slot"; slot: SlotGame; volatility: SlotGame["volatility"] })
  | (Base & { kind: "roulette" | "live_roulette"; roulette: RouletteTable })
  | (Base & { kind: "blackjack" | "live_blackjack"; rules: BlackjackRules })
  | (Base & { kind: "dice"; dice: TargetDice })
  | (Base & { kind: "dice_table" | "live_dice"; table: DiceTable });

const TABLE_STUDIO = "studio:velvet-table";
const LIVE_STUDIO = "studio:grand-salon";

function rouletteGame(code: string, name: string, variant: RouletteVariant, live?: Base["liveConfig"]): HouseGame {
  const table = rouletteTable(variant);
  const straight = rouletteBetRtp(table, { type: "straight", numbers: [1] });
  const evenMoney = rouletteBetRtp(table, { type: "red" });
  const topLine = variant === "american" ? rouletteBetRtp(table, { type: "top_line", numbers: [0, 1, 2, 3, 37] }) : null;
  const note =
    variant === "french"
      ? `Every bet returns ${straight.toDecimal(6)} (36/37) except even-money bets, which return ${evenMoney.toDecimal(6)} under la partage (half back on zero).`
      : variant === "double_ball"
        ? "Two balls; each settles half of every stake, so every bet returns 36/37."
        : `Every bet returns (numbers on the layout)/(pockets) = ${straight.toString()}${topLine ? `; the top line 0-00-1-2-3 returns ${topLine.toString()}` : ""}, exact by enumerating the pockets.`;
  return {
    code,
    name,
    studio: live ? LIVE_STUDIO : TABLE_STUDIO,
    kind: live ? "live_roulette" : "roulette",
    canDemo: !live,
    canFreeSpins: false,
    live: Boolean(live),
    rtp: straight,
    rtpNote: note,
    roulette: table,
    liveConfig: live,
  };
}

const blackjackRtps = new Map<string, Fraction>();
function blackjackRtpOf(rules: BlackjackRules): Fraction {
  const key = JSON.stringify(rules);
  let rtp = blackjackRtps.get(key);
  if (!rtp) {
    rtp = blackjackRtp(rules);
    blackjackRtps.set(key, rtp);
  }
  return rtp;
}

function blackjackGame(code: string, name: string, rules: BlackjackRules, live?: Base["liveConfig"]): HouseGame {
  return {
    code,
    name,
    studio: live ? LIVE_STUDIO : TABLE_STUDIO,
    kind: live ? "live_blackjack" : "blackjack",
    canDemo: !live,
    canFreeSpins: false,
    live: Boolean(live),
    // Computed on first read, once per rule set (ADR 039): the exact recursion is most of the catalogue's
    // cost, and only the published figure needs it, not play; it kept every server start busy for seconds.
    get rtp() {
      return blackjackRtpOf(rules);
    },
    rtpNote:
      "Exact expected return per unit of initial stake under the infinite-deck model, assuming the optimal total-dependent basic strategy published with the rules (never insurance); computed by recursion over every card.",
    rules,
    liveConfig: live,
  };
}

function diceTableGame(code: string, name: string, table: DiceTable, live?: Base["liveConfig"]): HouseGame {
  // Exact fractions over every outcome of every bet (~70 ms for the four tables): computed when first
  // asked (the catalogue sync, the info panel), not while the server starts (ADR 039).
  let best: Fraction | undefined;
  return {
    code,
    name,
    studio: live ? LIVE_STUDIO : TABLE_STUDIO,
    kind: live ? "live_dice" : "dice_table",
    canDemo: !live,
    canFreeSpins: false,
    live: Boolean(live),
    get rtp() {
      best ??= table.bets
        .map((bet) => diceBetRtp(table, bet))
        .reduce((a, b) => (b.toNumber() > a.toNumber() ? b : a));
      return best;
    },
    rtpNote: `Exact per bet by enumerating all ${6 ** table.dice} dice outcomes; the headline is the best bet, every bet's RTP is listed with it.`,
    table,
    liveConfig: live,
  };
}

function targetDiceGame(code: string, name: string, dice: TargetDice): HouseGame {
  const half = Math.floor(dice.outcomes / 2);
  return {
    code,
    name,
    studio: TABLE_STUDIO,
    kind: "dice",
    canDemo: true,
    canFreeSpins: false,
    live: false,
    rtp: targetRtp(dice, half),
    rtpNote: `House edge ${dice.edge.toDecimal(2)}: multiplier = (1 − edge) × outcomes / winning outcomes, floored to 4 decimals; RTP of a target = chance × multiplier (at most ${Fraction.ONE.sub(dice.edge).toDecimal(2)}; shown here for a 50 % chance).`,
    dice,
  };
}

const live = (bettingSeconds: number, seats: number, dealer: string) => ({ bettingSeconds, drawSeconds: 4, resultSeconds: 5, seats, dealer });

function build(): HouseGame[] {
  const slots: HouseGame[] = SLOT_VARIANTS.map((variant) => {
    const slot = buildSlot(variant);
    // The published figure and its note on first read (ADR 039): play needs only the tuned reels.
    let figures: ReturnType<typeof computeSlotRtp> | undefined;
    const rtpOf = () => (figures ??= computeSlotRtp(slot));
    return {
      code: slot.code,
      name: slot.name,
      studio: slot.studio,
      kind: "slot",
      canDemo: true,
      canFreeSpins: true,
      live: false,
      get rtp() {
        return rtpOf().rtp;
      },
      get rtpNote() {
        const rtp = rtpOf();
        return `Exact by enumerating every stop of every reel: lines/ways ${rtp.baseLines.toDecimal(6)}, scatter ${rtp.baseScatter.toDecimal(6)}, free spins ${rtp.triggerProbability.mul(rtp.featureValue).toDecimal(6)} (${rtp.hitFrequencyNote}, worth ${rtp.featureValue.toDecimal(4)}× stake).`;
      },
      slot,
      volatility: slot.volatility,
    };
  });
  return [
    ...slots,
    rouletteGame("house:roulette-european-roulette", "European Roulette", "european"),
    rouletteGame("house:roulette-french-roulette", "French Roulette", "french"),
    rouletteGame("house:roulette-american-roulette", "American Roulette", "american"),
    rouletteGame("house:roulette-mini-roulette", "Mini Roulette", "mini"),
    blackjackGame("house:blackjack-classic-blackjack", "Classic Blackjack", CLASSIC_RULES),
    blackjackGame("house:blackjack-multi-hand-blackjack", "Multi-hand Blackjack", { ...CLASSIC_RULES, maxHands: 3 }),
    blackjackGame("house:blackjack-single-deck-blackjack", "Single Deck Blackjack", { ...CLASSIC_RULES, doubleOn: [9, 10, 11] }),
    blackjackGame("house:blackjack-blackjack-surrender", "Blackjack Surrender", { ...CLASSIC_RULES, surrender: true }),
    targetDiceGame("house:dice-hi-lo-dice", "Hi-Lo Dice", HI_LO_DICE),
    diceTableGame("house:dice-dice-duel", "Dice Duel", DICE_DUEL),
    targetDiceGame("house:dice-lucky-dice-100", "Lucky Dice 100", LUCKY_DICE_100),
    diceTableGame("house:dice-triple-dice", "Triple Dice", TRIPLE_DICE),
    rouletteGame("house:live-roulette-salon-roulette", "Salon Roulette", "european", live(15, 50, "Elena")),
    rouletteGame("house:live-roulette-speed-roulette-live", "Speed Roulette Live", "european", live(8, 50, "Marco")),
    rouletteGame("house:live-roulette-auto-roulette-live", "Auto Roulette Live", "european", live(10, 50, "Auto wheel")),
    rouletteGame("house:live-roulette-double-ball-roulette", "Double Ball Roulette", "double_ball", live(15, 50, "Sofia")),
    blackjackGame("house:live-blackjack-salon-blackjack", "Salon Blackjack", LIVE_SEAT_RULES, live(12, 7, "Anna")),
    blackjackGame("house:live-blackjack-blackjack-vip-table", "Blackjack VIP Table", LIVE_SEAT_RULES, live(15, 7, "Victor")),
    blackjackGame("house:live-blackjack-speed-blackjack", "Speed Blackjack", LIVE_SEAT_RULES, live(8, 7, "Lena")),
    blackjackGame("house:live-blackjack-blackjack-party", "Blackjack Party", LIVE_SEAT_RULES, live(12, 7, "Jonas & Mia")),
    diceTableGame("house:live-dice-live-hi-lo-dice", "Live Hi-Lo Dice", HI_LO_TWO_DICE, live(12, 50, "Priya")),
    diceTableGame("house:live-dice-dice-tower-live", "Dice Tower Live", TRIPLE_DICE, live(12, 50, "Tomas")),
    diceTableGame("house:live-dice-triple-dice-live", "Triple Dice Live", TRIPLE_DICE, live(10, 50, "Keiko")),
    diceTableGame("house:live-dice-sic-bo-salon", "Sic Bo Salon", SIC_BO, live(15, 50, "Chen")),
  ];
}

let catalog: Map<string, HouseGame> | null = null;

/** Every house game by its catalogue code (external_guid); built once (the slot reels are tuned at build). */
export function houseGames(): Map<string, HouseGame> {
  catalog ??= new Map(build().map((game) => [game.code, game]));
  return catalog;
}

export function findGame(code: string): HouseGame | undefined {
  return houseGames().get(code);
}
