/** Shapes of the house provider's client API (apps/house-games/docs/client-api.md). Money is always a decimal string. */
export type GameKind =
  | "slot"
  | "roulette"
  | "blackjack"
  | "dice"
  | "dice_table"
  | "live_roulette"
  | "live_blackjack"
  | "live_dice";

export type BetLimits = { min: string; max: string; default: string; step: string; options: string[] };

export type SlotSymbol = { id: string; name: string; kind: "normal" | "wild" | "scatter" | "blank"; pays: Record<string, string> };

export type SlotDefinition = {
  reels: number;
  rows: number;
  mode: "lines" | "ways";
  lines: number[][];
  ways?: number | null;
  symbols: SlotSymbol[];
  reel_strips: string[][];
  /** Id of the empty reel position the strips may contain (not in `symbols`). */
  blank_symbol?: string;
  free_spins: { trigger: number; spins: number; multiplier: string } | null;
};

export type RouletteDefinition = {
  variant: "european" | "french" | "american" | "mini" | "double_ball";
  pockets: string[];
  red: number[];
  bet_types: { type: string; payout: string }[];
  la_partage: boolean;
};

export type DiceDefinition = {
  range: [string | number, string | number];
  step: string;
  house_edge: string;
  /** Win-chance bounds (fractions of 1); targets outside them are refused. */
  min_chance?: string;
  max_chance?: string;
  min_target?: string;
  max_target?: string;
};

export type DiceTableDefinition = {
  dice: number;
  sides: number;
  bet_types: { type: string; label: string; payout?: string; rtp?: string }[];
};

export type BlackjackDefinition = {
  decks: string;
  dealer_hits_soft_17: boolean;
  blackjack_pays: string;
  double: string;
  double_after_split: boolean;
  split: string;
  split_aces_one_card: boolean;
  insurance: boolean;
  surrender: boolean;
  max_hands: number;
  /** The basic strategy the RTP assumes: a table of hand → action per dealer up-card. */
  strategy: string | { hand: string; actions: Record<string, string> }[];
};

export type Jurisdiction = { code: string; min_spin_interval_ms: number; autoplay: boolean };

export type GameDefinition = {
  game_code: string;
  name: string;
  studio: string;
  kind: GameKind;
  live: boolean;
  /** Live tables only. */
  live_config?: { betting_seconds: number; seats: number; dealer?: string } | null;
  can_demo: boolean;
  can_freespins: boolean;
  rtp: string;
  rtp_exact?: string;
  rtp_note?: string;
  volatility: "low" | "medium" | "high" | null;
  bet: BetLimits;
  rules: string[];
  slot?: SlotDefinition;
  roulette?: RouletteDefinition;
  dice?: DiceDefinition;
  dice_table?: DiceTableDefinition;
  blackjack?: BlackjackDefinition;

  jurisdiction?: Jurisdiction;
};

export type GameSummary = Pick<GameDefinition, "game_code" | "name" | "studio" | "kind" | "rtp" | "volatility" | "can_demo" | "can_freespins" | "live">;

export type Fairness = {
  server_seed_hash: string;
  client_seed: string;
  nonce: number;
  previous: null | { server_seed: string; server_seed_hash: string; client_seed: string; last_nonce: number };
};

export type SessionStats = { started_at: string; rounds: number; staked: string; won: string; net: string };

export type Session = {
  session_key?: string;
  session_id: string;
  game_code: string;
  mode: "real" | "demo";
  currency: string;
  balance: string;
  bonus_balance: string;
  fairness: Fairness;
  pending_round: Round | null;
  stats: SessionStats;
  jurisdiction: Jurisdiction;
  free_spins: FreeSpins;
};

/** The player's granted bonus free spins in this game, as the platform last answered (none in demo). */
export type FreeSpins = { available: boolean; count: number; bet: string | null };

export type SlotWin = { line?: number; ways?: number; scatter?: boolean; symbol?: string; count: number; win: string };
export type SlotSpin = { stops: number[]; grid: string[][]; wins: SlotWin[]; win: string };
export type SlotOutcome = SlotSpin & {
  free_spins: { awarded: number; multiplier: string; spins: SlotSpin[]; win: string } | null;
};

export type RouletteOutcome = {
  pocket?: string;
  pockets?: string[];
  color?: string;
  bets: { type: string; numbers?: number[]; index?: number; amount: string; win: string }[];
};

export type DiceOutcome = { roll: string; target: string; direction: "over" | "under"; multiplier: string; won: boolean };

export type DiceTableOutcome = { dice: number[]; total: number; bets: { type: string; amount: string; win: string }[] };

export type BlackjackHand = {
  cards: string[];
  total: number;
  soft: boolean;
  stake: string;
  status: "playing" | "stood" | "bust" | "blackjack" | "surrendered";
  doubled: boolean;
  result: null | "win" | "lose" | "push" | "blackjack";
  win: null | string;
};

export type BlackjackAction = "hit" | "stand" | "double" | "split" | "insurance" | "no_insurance" | "surrender";

export type BlackjackOutcome = {
  dealer: { cards: string[]; hole_hidden: boolean; total: number };
  hands: BlackjackHand[];
  active_hand: number | null;
  insurance: { offered: boolean; taken: null | boolean; stake: string; win: null | string } | null;
  allowed_actions: BlackjackAction[];
  actions?: string[];
};

export type RoundFairness = { server_seed_hash: string; client_seed: string; nonce: number; server_seed: string | null };

export type Round = {
  round_id: string;
  game_code: string;
  status: "in_progress" | "settled" | "refunded";
  stake: string;
  win: string;
  net: string;
  is_free_spin: boolean;
  balance_before: string;
  balance_after: string;
  created_at: string;
  settled_at: string | null;
  fairness: RoundFairness;
  params?: Record<string, unknown>;
  outcome: Record<string, unknown>;
  /** On a play answer of a game that takes free spins: the state after this round. */
  free_spins?: FreeSpins;
};

export type LivePhase = "betting" | "drawing" | "result";

export type LiveResult = {
  pockets?: string[];
  dice?: number[];
  dealer?: BlackjackOutcome["dealer"];
  hands?: BlackjackHand[];
  /** Live blackjack: the table's seat hand(s), their cards, the strategy's decisions and results. */
  hand?: { cards: string[][]; actions?: string[]; results?: (string | null)[] };
  server_seed?: string;
} & Record<string, unknown>;

export type LiveTable = {
  game_code: string;
  kind: "live_roulette" | "live_blackjack" | "live_dice";
  name: string;
  phase: LivePhase;
  round_id: string;
  round_number: number;
  betting_opens_at: string;
  betting_closes_at: string;
  phase_ends_at: string;
  server_time: string;
  dealer: { name: string; state: string };
  seats: { total: number; taken: number; players: { seat: number; nickname: string }[] };
  bets_total: { count: number; amount_by_currency: Record<string, string> };
  server_seed_hash: string;
  result: LiveResult | null;
  history: { round_number: number; result: LiveResult }[];
};

export type LiveBetPlaced = { bet_id: string; round_id: string; stake: string; balance: string };
export type LiveSettled = { round_id: string; bet_id: string; stake: string; win: string; balance: string };

export type VerifyResult = { server_seed_hash: string; game_code: string; outcome: Record<string, unknown> };

/** GET /verify/rounds/:round_id — a round as anyone holding its id may see it (no session). */
export type PublicRound = {
  round_id: string;
  game_code: string;
  kind: GameKind;
  status: string;
  created_at: string;
  settled_at: string | null;
  client_seed: string;
  nonce: number;
  server_seed_hash: string;
  /** Null until revealed (seed pair rotated; a live round's result shown). */
  server_seed: string | null;
  revealed: boolean;
  params: Record<string, unknown>;
  actions: string[];
  outcome: Record<string, unknown> | null;
  live_round_number: number | null;
};
