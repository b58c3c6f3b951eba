import type { GameTransaction } from "@croupier/contract/entities/game-transaction";
import { describe, expect, it } from "vitest";
import { groupRounds, verifyUrl } from "./history-rounds";

let seq = 0;
function tx(partial: Partial<GameTransaction> & { op: "bet" | "win" | "rollback" }): GameTransaction {
  seq += 1;
  const { op, ...rest } = partial;
  return {
    guid: `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
    user_guid: "u",
    project_guid: null,
    game_guid: "g",
    currency_guid: "usd",
    bet_sum: "0.00",
    win: "0.00",
    bet_win: "0.00",
    balance_before: "0.00",
    balance_after: "0.00",
    session_id: "s",
    tradeid: `t${seq}`,
    betid: "r1",
    isbet: op === "bet",
    finish: false,
    freespin: false,
    info: { operation: op, provider_code: "house", game_code: "house:slot-pharaoh-gold" },
    created_at: `2026-01-01T00:00:0${seq % 10}.000Z`,
    updated_at: "",
    game_name: "Pharaoh Gold",
    game_icon: null,
    provider_guid: null,
    bonus_bet: "0.00",
    jackpot_win: "0.00",
    correlation_guid: null,
    exchange_balance_before: null,
    exchange_balance_after: null,
    exchange_bet_sum: null,
    exchange_win: null,
    exchange_bet_win: null,
    exchange_guid: null,
    exchange_price: null,
    ...rest,
  };
}

describe("groupRounds", () => {
  it("folds a round's bet and wins (newest first in, newest first out) with balances across the round", () => {
    const rows = [
      tx({ op: "bet", betid: "r2", bet_sum: "1.00", balance_before: "101.50", balance_after: "100.50" }),
      tx({ op: "win", betid: "r1", win: "2.00", balance_before: "100.50", balance_after: "102.50", finish: true }),
      tx({ op: "win", betid: "r1", win: "0.50", balance_before: "100.00", balance_after: "100.50" }),
      tx({ op: "bet", betid: "r1", bet_sum: "1.00", balance_before: "101.00", balance_after: "100.00" }),
    ];
    const rounds = groupRounds(rows);
    expect(rounds.map((r) => r.round_id)).toEqual(["r2", "r1"]);
    expect(rounds[1]).toMatchObject({ stake: "1", win: "2.5", balance_before: "101.00", balance_after: "102.50", finished: true, rolled_back: false });
    expect(rounds[0]).toMatchObject({ stake: "1.00", win: "0.00", balance_before: "101.50", balance_after: "100.50" });
  });

  it("marks a refunded round", () => {
    const rows = [tx({ op: "rollback", betid: "r3", win: "5", balance_after: "10" }), tx({ op: "bet", betid: "r3", bet_sum: "5", balance_after: "5" })];
    expect(groupRounds(rows)[0]).toMatchObject({ rolled_back: true, stake: "5", win: "5", balance_after: "10" });
  });
});

describe("verifyUrl", () => {
  it("links house rounds to the provider's public verify page by game and round", () => {
    expect(verifyUrl({ provider_code: "house", game_code: "house:slot-pharaoh-gold", round_id: "abc-1" })).toBe(
      "/house/verify?game_code=house%3Aslot-pharaoh-gold&round_id=abc-1",
    );
    expect(verifyUrl({ provider_code: "other", game_code: "x", round_id: "1" })).toBeNull();
    expect(verifyUrl({ provider_code: "house", game_code: null, round_id: "1" })).toBeNull();
  });
});
