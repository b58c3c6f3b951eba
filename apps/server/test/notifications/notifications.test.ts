import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { notifyPlayer } from "../../src/modules/notifications/notify-player.ts";
import { fundedPlayer, requestWithdrawal } from "../backoffice/money-review-helpers.ts";
import {
  buildPaymentsApp,
  call,
  currencyGuid,
  expectReconciled,
  newPlayer,
  type PaymentsTest,
  type Player,
} from "../payments/payments-helpers.ts";
import { expectOutboxInVocabulary } from "../realtime/event-vocabulary-helpers.ts";

// In-app notifications (issue #16, ADR 024): written with the change they announce, listed, counted and
// marked read by their owner only, announced live as notification_created.

let t: PaymentsTest;
let eur: string;

beforeAll(async () => {
  t = await buildPaymentsApp();
  eur = await currencyGuid(t, "EUR");
});
afterAll(async () => {
  await t?.close();
});
afterEach(async () => {
  await expectOutboxInVocabulary(t.database);
  await expectReconciled(t);
});

const list = (player: Player, query = "") => call(t, player, "GET", `/notifications${query}`);
const unread = async (player: Player) =>
  (await call(t, player, "GET", "/notifications/unread-count")).json().payload.unread as number;
const outboxOf = (player: Player) =>
  t.database.query<{ payload: { notification: { kind: string; title: string; body: string }; unread: number } }>(
    "SELECT payload FROM outbox_events WHERE user_guid = $1 AND type = 'notification_created' ORDER BY id",
    [player.id],
  );

describe("notifications", () => {
  it("a settled deposit notifies its player, in the list, the count and the realtime outbox", async () => {
    const player = await newPlayer(t, "notified");
    const other = await newPlayer(t, "other");
    expect(await unread(player)).toBe(0);
    const res = await call(t, player, "POST", "/billing/deposit/test", { amount: "15", currency_guid: eur });
    expect(res.statusCode, res.body).toBe(200);

    const page = (await list(player)).json().payload;
    expect(page.unread).toBe(1);
    expect(page.next_cursor).toBeNull();
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({
      kind: "deposit_settled",
      title: "Deposit received",
      params: { amount: "15.00", currency: "EUR" },
      read_at: null,
    });
    expect(page.items[0].body).toContain("15.00 EUR");
    expect(await unread(player)).toBe(1);

    const events = await outboxOf(player);
    expect(events).toHaveLength(1);
    expect(events[0]!.payload).toMatchObject({
      unread: 1,
      notification: { id: page.items[0].id, kind: "deposit_settled" },
    });

    // Nobody else sees it, counts it or can mark it.
    expect((await list(other)).json().payload).toMatchObject({ items: [], unread: 0 });
    expect((await call(t, other, "POST", "/notifications/read", { id: page.items[0].id })).statusCode).toBe(404);
    expect(await unread(player)).toBe(1);
    expect(await outboxOf(other)).toEqual([]);
  });

  it("marks one read, then all; read_at stays the first time", async () => {
    const player = await newPlayer(t, "reader");
    for (const amount of ["1", "2", "3"])
      await t.database.db.transaction((tx) =>
        notifyPlayer(tx, { userGuid: player.id, kind: "deposit_settled", params: { amount, currency: "USD" } }),
      );
    const [newest, middle] = (await list(player)).json().payload.items;
    expect(newest.params.amount).toBe("3");

    const one = await call(t, player, "POST", "/notifications/read", { id: middle.id });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().payload.unread).toBe(2);
    const items = (await list(player)).json().payload.items as { id: string; read_at: string | null }[];
    const readAt = items.find((item) => item.id === middle.id)!.read_at;
    expect(readAt).not.toBeNull();
    expect(items.filter((item) => item.read_at === null)).toHaveLength(2);
    expect(
      (await list(player, "?unread_only=true")).json().payload.items.map((i: { id: string }) => i.id),
    ).not.toContain(middle.id);

    const all = await call(t, player, "POST", "/notifications/read", { all: true });
    expect(all.json().payload.unread).toBe(0);
    const after = (await list(player)).json().payload.items as { id: string; read_at: string | null }[];
    expect(after.every((item) => item.read_at !== null)).toBe(true);
    expect(after.find((item) => item.id === middle.id)!.read_at).toBe(readAt);
    expect((await call(t, player, "POST", "/notifications/read", {})).statusCode).toBe(400);
  });

  it("pages newest first by cursor, within bounds, and only for a logged-in player", async () => {
    const player = await newPlayer(t, "pager");
    for (const amount of ["1", "2", "3"])
      await t.database.db.transaction((tx) =>
        notifyPlayer(tx, { userGuid: player.id, kind: "deposit_settled", params: { amount, currency: "USD" } }),
      );
    const first = (await list(player, "?limit=2")).json().payload;
    expect(first.items.map((i: { params: { amount: string } }) => i.params.amount)).toEqual(["3", "2"]);
    expect(first.next_cursor).toEqual(expect.any(String));
    const second = (await list(player, `?limit=2&cursor=${first.next_cursor}`)).json().payload;
    expect(second.items.map((i: { params: { amount: string } }) => i.params.amount)).toEqual(["1"]);
    expect(second.next_cursor).toBeNull();
    expect((await list(player, "?limit=51")).statusCode).toBe(400);
    expect((await call(t, null, "GET", "/notifications")).statusCode).toBe(401);
    expect((await call(t, null, "GET", "/notifications/unread-count")).statusCode).toBe(401);
  });

  it("a paid withdrawal and a failed payout notify; the text renders amount, currency and reason", async () => {
    const { player, wallet, cardGuid } = await fundedPlayer(t, "100");
    await requestWithdrawal(t, player, wallet, cardGuid, "30");
    await t.worker.tick();
    await t.worker.tick();
    const kinds = (await list(player))
      .json()
      .payload.items.map((i: { kind: string; body: string }) => [i.kind, i.body]);
    expect(kinds[0]).toEqual(["withdrawal_paid", "Your withdrawal of 30.00 USD has been paid out."]);
    expect(kinds[1]![0]).toBe("deposit_settled");

    await t.database.db.transaction((tx) =>
      notifyPlayer(tx, {
        userGuid: player.id,
        kind: "withdrawal_declined",
        params: { amount: "5.00", currency: "USD", reason: "Verify first" },
      }),
    );
    const declined = (await list(player)).json().payload.items[0];
    expect(declined.body).toBe(
      "Your withdrawal of 5.00 USD was declined and the money is back in your balance. Reason: Verify first",
    );
  });

  it("is written in the caller's transaction: a rolled-back change leaves no notification and no event", async () => {
    const player = await newPlayer(t, "rollback");
    await expect(
      t.database.db.transaction(async (tx) => {
        await notifyPlayer(tx, {
          userGuid: player.id,
          kind: "document_approved",
          params: { document_type: "passport" },
        });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect((await list(player)).json().payload.items).toEqual([]);
    expect(await outboxOf(player)).toEqual([]);
  });

  it("bounds params and never fails over them", async () => {
    const player = await newPlayer(t, "bounds");
    const params = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`k${i}`, "x".repeat(900)]));
    const created = await t.database.db.transaction((tx) =>
      notifyPlayer(tx, { userGuid: player.id, kind: "document_rejected", params }),
    );
    expect(Object.keys(created.params)).toHaveLength(10);
    expect(Object.values(created.params).every((value) => value.length === 500)).toBe(true);
    expect(created.title).toBe("Document rejected");
    expect((await list(player)).statusCode).toBe(200);
  });
});
