import { describe, expect, it } from "vitest";
import type { HouseContext } from "./house-context.ts";
import { LiveTables } from "./live-tables.ts";

describe("LiveTables clock", () => {
  it("reports a failed step and keeps ticking instead of leaving an unhandled rejection", async () => {
    let queries = 0;
    const ctx = {
      database: {
        query: async () => {
          queries += 1;
          throw new Error("the pool is closed");
        },
      },
      config: {},
    } as unknown as HouseContext;
    const errors: unknown[] = [];
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on("unhandledRejection", onUnhandled);
    const live = new LiveTables(ctx);
    try {
      live.start(5, (error) => errors.push(error));
      await expect.poll(() => errors.length, { timeout: 2_000 }).toBeGreaterThanOrEqual(2);
    } finally {
      live.stop();
      process.off("unhandledRejection", onUnhandled);
    }
    expect((errors[0] as Error).message).toBe("the pool is closed");
    expect(queries).toBeGreaterThanOrEqual(2);
    expect(unhandled).toEqual([]);
  });
});
