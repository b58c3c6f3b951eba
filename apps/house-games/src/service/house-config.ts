import { z } from "zod";

/**
 * Provider settings from the environment (documented in docs/client-api.md §8 and the README):
 * HOUSE_ABANDON_AFTER_MINUTES, HOUSE_LIVE_TABLES (run the live-table clock in this process),
 * HOUSE_LIVE_TIMINGS ("betting,drawing,result" seconds for every live table, e.g. "6,2,3": the browser
 * tests run short rounds with it; unset, each table keeps its own 8–15 s window, 4 s draw and 5 s result).
 *
 * The jurisdiction is NOT a setting of the provider: it arrives with each launch, signed by the
 * platform (ADR 010), and every rule reads the session's profile. The old HOUSE_JURISDICTION,
 * HOUSE_MIN_SPIN_INTERVAL_MS and HOUSE_AUTOPLAY are refused so nobody silently loses rules.
 */
export type HouseConfig = {
  abandonAfterMinutes: number;
  demoStartBalance: string;
  liveTables: boolean;
  /** Overrides every live table's phase lengths (seconds); null keeps each table's own. */
  liveTimings: { bettingSeconds: number; drawSeconds: number; resultSeconds: number } | null;
};

/** Variables of the provider's own jurisdiction switch, replaced by the platform's JURISDICTION. */
const RETIRED = ["HOUSE_JURISDICTION", "HOUSE_MIN_SPIN_INTERVAL_MS", "HOUSE_AUTOPLAY"];

const bool = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");
const schema = z.object({
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
  const retired = RETIRED.filter((name) => (env[name] ?? "") !== "");
  if (retired.length > 0) {
    throw new Error(
      `house games config: ${retired.join(", ")} ${retired.length === 1 ? "is" : "are"} no longer read; set JURISDICTION (none | gb | mt | on) instead: ` +
        "one switch for the platform and the games, which learn it through the signed launch (ADR 010). Remove the old variable to start.",
    );
  }
  const parsed = schema.safeParse(env);
  if (!parsed.success) throw new Error(`house games config: ${parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("; ")}`);
  return {
    abandonAfterMinutes: parsed.data.HOUSE_ABANDON_AFTER_MINUTES,
    demoStartBalance: "1000.00",
    liveTables: parsed.data.HOUSE_LIVE_TABLES,
    liveTimings: parsed.data.HOUSE_LIVE_TIMINGS
      ? { bettingSeconds: parsed.data.HOUSE_LIVE_TIMINGS[0], drawSeconds: parsed.data.HOUSE_LIVE_TIMINGS[1], resultSeconds: parsed.data.HOUSE_LIVE_TIMINGS[2] }
      : null,
    ...overrides,
  };
}
