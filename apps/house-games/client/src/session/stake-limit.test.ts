import { describe, expect, it } from "vitest";
import type { GameDefinition } from "../api/types.ts";
import { parseBoot } from "../boot.ts";
import { clampStake, stakeLadder } from "../lib/stake.ts";
import { withStakeLimit } from "./game-session.tsx";

// The platform's jurisdiction stake limit (platform ADR 025) reaches the game as the launch's
// max_stake: a slot's stake selector stops there.

const bet = {
  min: "0.10",
  max: "100.00",
  default: "1.00",
  step: "0.10",
  options: ["0.10", "0.50", "1.00", "2.00", "5.00", "10.00", "100.00"],
};
const slot = { kind: "slot", bet } as unknown as GameDefinition;

describe("the launch's slot stake limit", () => {
  it("is read from the launch address, and anything but a plain amount is ignored", () => {
    const boot = (search: string) => parseBoot(null, { pathname: "/house/play/house:slot-pharaoh-gold", search });
    expect(boot("?mode=real&max_stake=6.35")).toMatchObject({ max_stake: "6.35" });
    expect(boot("?mode=real&max_stake=-1")).toMatchObject({ max_stake: null });
    expect(boot("?mode=real")).toMatchObject({ max_stake: null });
  });

  it("caps a slot's stakes, and leaves other games and higher limits alone", () => {
    const capped = withStakeLimit(slot, "2.54");
    expect(capped.bet.max).toBe("2.54");
    expect(stakeLadder(capped.bet, capped.bet.options)).toEqual(["0.1", "0.5", "1", "2"]);
    expect(clampStake("5.00", capped.bet)).toBe("2.54");
    expect(withStakeLimit(slot, "500")).toBe(slot);
    expect(withStakeLimit(slot, null)).toBe(slot);
    const roulette = { ...slot, kind: "roulette" } as unknown as GameDefinition;
    expect(withStakeLimit(roulette, "2.54")).toBe(roulette);
  });
});
