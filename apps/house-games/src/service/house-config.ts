import { z } from "zod";

/**
 * Provider settings from the environment (documented in docs/client-api.md §8 and the README):
 * HOUSE_JURISDICTION (UK | MT | ON | NONE), HOUSE_MIN_SPIN_INTERVAL_MS, HOUSE_AUTOPLAY,
 * HOUSE_ABANDON_AFTER_MINUTES, HOUSE_LIVE_TABLES (run the live-table clock in this process),
 * HOUSE_LIVE_TIMINGS ("betting,drawing,result" seconds for every live table, e.g. "6,2,3": the browser
 * tests run short rounds with it; unset, each table keeps its own 8–15 s window, 4 s draw and 5 s result).
 */
export type HouseConfig = {
  jurisdiction: "UK" | "MT" | "ON" | "NONE";
  minSpinIntervalMs: number;
  autoplay: boolean;
  abandonAfterMinutes: number;
  demoStartBalance: string;
  liveTables: boolean;
  /** Overrides every live table's phase lengths (seconds); null keeps each table's own. */
  liveTimings: { bettingSeconds: number; drawSeconds: number; resultSeconds: number } | null;
};

const JURISDICTION_DEFAULTS: Record<HouseConfig["jurisdiction"], { minSpinIntervalMs: number; autoplay: boolean }> = {
  // UKGC RTS 14: at least 2.5 s per slot game cycle, no autoplay.
  UK: { minSpinIntervalMs: 2500, autoplay: false },
  MT: { minSpinIntervalMs: 0, autoplay: true },
  ON: { minSpinIntervalMs: 0, autoplay: true },
  NONE: { minSpinIntervalMs: 0, autoplay: true },
};

const bool = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");
const schema = z.object({
  HOUSE_JURISDICTION: z.enum(["UK", "MT", "ON", "NONE"]).default("NONE"),
  HOUSE_MIN_SPIN_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).optional(),
  HOUSE_AUTOPLAY: bool.optional(),
  HOUSE_ABANDON_AFTER_MINUTES: z.coerce.number().int().min(1).max(7 * 24 * 60).default(24 * 60),
  HOUSE_LIVE_TABLES: bool.default(true),
  HOUSE_LIVE_TIMINGS: z
    .string()
    .regex(/^\d{1,3},\d{1,3},\d{1,3}$/, 'three whole seconds, "betting,drawing,result"')
    .transform((value) => value.split(",").map(Number) as [number, number, number])
    .refine(([betting, drawing, result]) => betting >= 3 && drawing >= 1 && result >= 1, "betting at least 3 s, drawing and result at least 1 s")
    .optional(),
});

export function loadHouseConfig(env: Record<string, string | undefined> = process.env, overrides: Partial<HouseConfig> = {}): HouseConfig {
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new Error(`house games config: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`);
  const defaults = JURISDICTION_DEFAULTS[parsed.data.HOUSE_JURISDICTION];
  return {
    jurisdiction: parsed.data.HOUSE_JURISDICTION,
    minSpinIntervalMs: parsed.data.HOUSE_MIN_SPIN_INTERVAL_MS ?? defaults.minSpinIntervalMs,
    autoplay: parsed.data.HOUSE_AUTOPLAY ?? defaults.autoplay,
    abandonAfterMinutes: parsed.data.HOUSE_ABANDON_AFTER_MINUTES,
    demoStartBalance: "1000.00",
    liveTables: parsed.data.HOUSE_LIVE_TABLES,
    liveTimings: parsed.data.HOUSE_LIVE_TIMINGS
      ? { bettingSeconds: parsed.data.HOUSE_LIVE_TIMINGS[0], drawSeconds: parsed.data.HOUSE_LIVE_TIMINGS[1], resultSeconds: parsed.data.HOUSE_LIVE_TIMINGS[2] }
      : null,
    ...overrides,
  };
}
