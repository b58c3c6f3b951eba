import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { currencyGuid, hasPostgres, seatPlayer } from "../wallet/wallet-helpers.ts";
import { activateCustomerBonus } from "../../src/modules/bonuses/engine/activate-customer-bonus.ts";
import { cancelCustomerBonus } from "../../src/modules/bonuses/engine/cancel-customer-bonus.ts";
import { runBonusSweep } from "../../src/modules/bonuses/engine/run-bonus-sweep.ts";
import { bonusRow, engineCampaign, expectBooksClean, grant, grantedGuid, pockets, transfersOf } from "./engine-helpers.ts";

// PGlite runs one query at a time and hides races: these run on PostgreSQL only (TEST_DATABASE_URL).
describe.skipIf(!hasPostgres)("bonus engine under concurrency (PostgreSQL)", () => {
  let t: TestContext;
  let usd: string;

  beforeAll(async () => {
    t = await buildTestApp({}, { demo: true });
    usd = await currencyGuid(t.database, "USD");
  });
  afterAll(async () => {
    await t?.close();
  });
  afterEach(async () => {
    await expectBooksClean(t.database);
  });

  it("the same source key granted five times at once grants once", async () => {
    const seat = await seatPlayer(t.database, {});
    const campaign = await engineCampaign(t.database, { currencyGuid: usd, maxBonusSum: "5", autoActivation: true });
    const results = await Promise.all(
      [1, 2, 3, 4, 5].map(() => grant(t.database, campaign, { playerGuid: seat.playerGuid, currencyGuid: usd, sourceKey: `manual:race:${seat.playerGuid}` })),
    );
    expect(results.filter((r) => r.status === "granted")).toHaveLength(1);
    expect(results.filter((r) => r.status === "duplicate")).toHaveLength(4);
    expect(new Set(results.map((r) => grantedGuid(r))).size).toBe(1);
    expect((await pockets(t.database, seat.walletGuid)).bonus_balance).toBe("5");
  });

  it("two offers activated at once on one wallet: one wins, the other is a conflict", async () => {
    const seat = await seatPlayer(t.database, {});
    const campaign = await engineCampaign(t.database, { currencyGuid: usd, maxBonusSum: "5", wager: "10" });
    const a = grantedGuid(await grant(t.database, campaign, { playerGuid: seat.playerGuid, currencyGuid: usd }));
    const b = grantedGuid(await grant(t.database, campaign, { playerGuid: seat.playerGuid, currencyGuid: usd }));
    const results = await Promise.allSettled(
      [a, b].map((guid) => activateCustomerBonus(t.database.db, { playerGuid: seat.playerGuid, customerBonusGuid: guid, actor: "player" })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected");
    expect(rejected?.reason).toMatchObject({ code: "CONFLICT" });
    expect((await pockets(t.database, seat.walletGuid)).bonus_balance).toBe("5");
  });

  it("a cancel racing the completion sweep ends the bonus once, one way", async () => {
    for (let round = 0; round < 5; round += 1) {
      const seat = await seatPlayer(t.database, {});
      const campaign = await engineCampaign(t.database, { currencyGuid: usd, maxBonusSum: "5", wager: "0" });
      const guid = grantedGuid(await grant(t.database, campaign, { playerGuid: seat.playerGuid, currencyGuid: usd }));
      await activateCustomerBonus(t.database.db, { playerGuid: seat.playerGuid, customerBonusGuid: guid, actor: "player" });
      await Promise.allSettled([
        runBonusSweep(t.database.db),
        runBonusSweep(t.database.db),
        cancelCustomerBonus(t.database.db, { playerGuid: seat.playerGuid, customerBonusGuid: guid, actor: "player" }),
      ]);
      const row = await bonusRow(t.database, guid);
      const kinds = (await transfersOf(t.database, guid)).map((x) => x.kind).sort();
      const wallet = await pockets(t.database, seat.walletGuid);
      if (row.status === "completed") {
        expect(kinds).toEqual(["bonus_conversion", "bonus_grant"]);
        expect(wallet).toMatchObject({ balance: "5", bonus_balance: "0" });
      } else {
        expect(row.status).toBe("cancelled");
        expect(kinds).toEqual(["bonus_forfeit", "bonus_grant"]);
        expect(wallet).toMatchObject({ balance: "0", bonus_balance: "0" });
      }
      expect(wallet.customer_bonus_guid).toBeNull();
    }
  });
});
