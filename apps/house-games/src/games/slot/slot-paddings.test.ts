import { describe, expect, it } from "vitest";
import { assembleSlot, buildSlot, slotPaddingKey, tuneSlotPadding } from "./build-slot.ts";
import { SLOT_PADDINGS } from "./slot-paddings.ts";
import { computeSlotRtp } from "./slot-rtp.ts";
import { SLOT_VARIANTS } from "./slot-variants.ts";

const REGENERATE = "npx tsx apps/house-games/src/games/slot/write-slot-paddings.ts";

describe("the committed slot paddings (ADR 039)", () => {
  it(`are exactly what the tuner computes for every variant, and nothing else (else run ${REGENERATE})`, () => {
    const tuned = Object.fromEntries(
      SLOT_VARIANTS.map((variant) => [slotPaddingKey(variant), tuneSlotPadding(variant)]),
    );
    expect(SLOT_PADDINGS).toEqual(tuned);
  });

  it("build the same game as tuning at start did, with a published RTP within 92-98 %", () => {
    for (const variant of SLOT_VARIANTS) {
      const game = buildSlot(variant);
      expect(game).toEqual(assembleSlot(variant, tuneSlotPadding(variant)));
      const rtp = computeSlotRtp(game).rtp.toNumber();
      expect(rtp, variant.slug).toBeGreaterThanOrEqual(0.92);
      expect(rtp, variant.slug).toBeLessThanOrEqual(0.98);
    }
  });

  it("tune a variant the table does not know instead of using another's padding", () => {
    const variant = { ...SLOT_VARIANTS[0]!, targetRtp: 93.0 };
    expect(SLOT_PADDINGS[slotPaddingKey(variant)]).toBeUndefined();
    const padding = tuneSlotPadding(variant);
    expect(padding).not.toBe(SLOT_PADDINGS[slotPaddingKey(SLOT_VARIANTS[0]!)]);
    expect(buildSlot(variant)).toEqual(assembleSlot(variant, padding));
    expect(Math.abs(computeSlotRtp(buildSlot(variant)).rtp.toNumber() - 0.93)).toBeLessThan(0.005);
  });
});
