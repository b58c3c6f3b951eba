import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BetRequest, WinRequest } from "@croupier/contract/entities/provider-wallet";
import { realtimeEventTypes } from "@croupier/contract/realtime-events";
import { setCustomerStatus } from "../../src/modules/identity/profile/set-customer-status.ts";
import { systemAccountGuid } from "../../src/modules/ledger/ledger-accounts.ts";
import { runFastCall } from "../../src/modules/provider-wallet/run-fast-call.ts";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { bet, providerCall, rollback, seatPlayer, win } from "../wallet/wallet-helpers.ts";
import { expectOutboxInVocabulary } from "./event-vocabulary-helpers.ts";

// The contract's realtime vocabulary (packages/contract/src/realtime-events.ts) is the only list of
// event names: TypeScript writers are held to it by the compiler, the SQL ones by these checks.

let ctx: TestContext;
beforeAll(async () => {
  ctx = await buildTestApp({}, { demo: true });
});
afterAll(async () => {
  await ctx?.close();
});

describe("realtime event vocabulary", () => {
  it("names every event the database's functions write", async () => {
    const functions = await ctx.database.query<{ name: string; source: string }>(
      `SELECT p.proname AS name, p.prosrc AS source FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
        WHERE n.nspname = 'public' AND p.prosrc ILIKE '%INSERT INTO outbox_events%'`,
    );
    // The provider wallet's money function writes user_balance_updated; a rename must not empty this test.
    expect(functions.length).toBeGreaterThan(0);
    for (const { name, source } of functions) {
      const inserts = source.match(/INSERT INTO outbox_events/gi) ?? [];
      // The event name is the SELECT's second column, a literal: (user_guid, type, payload) SELECT x, 'name', …
      const names = [...source.matchAll(/INSERT INTO outbox_events\s*\(user_guid, type, payload\)\s*SELECT\s+[\w.]+,\s*'([a-z_]+)'/gi)].map(
        (match) => match[1],
      );
      expect(names, `${name}: an outbox insert this test cannot read`).toHaveLength(inserts.length);
      for (const event of names) expect(realtimeEventTypes, `${name} writes ${event}`).toContain(event);
    }
  });

  it("accepts what the wallet's SQL and TypeScript writers put in the outbox", async () => {
    const seat = await seatPlayer(ctx.database, { cash: "100" });
    const [wallet] = await ctx.database.query<{ currency_guid: string }>("SELECT currency_guid FROM wallets WHERE guid = $1", [seat.walletGuid]);
    await systemAccountGuid(ctx.database.db, { kind: "house_game", owner: "house", currencyGuid: wallet!.currency_guid });

    // The one-trip path (provider_wallet_fast_calls), then the HTTP route (either path), a rollback.
    const fastBet = bet(seat, "2.5");
    expect(await runFastCall(ctx.database, "house", { method: "bet", request: fastBet as BetRequest })).toMatchObject({ status: "OK" });
    const fastWin = win(seat, fastBet, "4", { round_closed: true });
    expect(await runFastCall(ctx.database, "house", { method: "win", request: fastWin as WinRequest })).toMatchObject({ status: "OK" });
    const routed = bet(seat, "1.25");
    expect(await providerCall(ctx.app, "bet", routed)).toMatchObject({ status: "OK" });
    expect(await providerCall(ctx.app, "rollback", rollback(seat, routed))).toMatchObject({ status: "OK" });
    await setCustomerStatus(ctx.database.db, { userId: seat.playerGuid, status: "locked", reason: "vocabulary test" });
    await setCustomerStatus(ctx.database.db, { userId: seat.playerGuid, status: "active" });

    const types = await ctx.database.query<{ type: string }>("SELECT DISTINCT type FROM outbox_events WHERE user_guid = $1 ORDER BY type", [
      seat.playerGuid,
    ]);
    expect(types.map((row) => row.type)).toEqual(["customer_status_changed", "user_balance_updated"]);
    await expectOutboxInVocabulary(ctx.database);
  });
});
