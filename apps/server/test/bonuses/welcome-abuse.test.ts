import { createHash, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { createTestDatabase, type TestDatabase } from "@croupier/db/testing/create-test-database";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { claimWelcomeBonus, normaliseEmail, normalisePhone } from "../../src/modules/bonuses/engine/claim-welcome-bonus.ts";

/**
 * The welcome-bonus abuse guard (ADR 031): one welcome bonus per person, across accounts linked by
 * mailbox, phone, saved card or device (session ip + user agent).
 */

const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);

let database: TestDatabase;
let paymentSystem: string;

beforeAll(async () => {
  database = await createTestDatabase();
  const [system] = await database.query<{ guid: string }>("SELECT guid FROM payment_systems ORDER BY guid LIMIT 1");
  paymentSystem =
    system?.guid ??
    (await database.query<{ guid: string }>(
      "INSERT INTO payment_systems (name, adapter, kind, ordering) VALUES ('abuse-test', 'sandbox', 'card', 0) RETURNING guid",
    ))[0]!.guid;
});
afterAll(async () => {
  await database?.close();
});

type Person = { email?: string; phone?: [string, string]; cards?: { bin: string; last4: string; month: number; year: number; holder?: string; deleted?: boolean }[]; devices?: [string, string][]; fid?: string };

async function player(person: Person = {}): Promise<string> {
  const email = person.email ?? `p-${randomUUID()}@example.com`;
  const [user] = await database.query<{ guid: string }>(
    "INSERT INTO users (email, phone_code, phone_number) VALUES ($1, $2, $3) RETURNING guid",
    [email, person.phone?.[0] ?? null, person.phone?.[1] ?? null],
  );
  const guid = user!.guid;
  for (const card of person.cards ?? []) {
    await database.query(
      `INSERT INTO payment_cards (customer_guid, payment_system_guid, provider_token, bin, last4, card_holder, exp_month, exp_year, deleted_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9 THEN now() END)`,
      [guid, paymentSystem, `tok-${randomUUID()}`, card.bin, card.last4, card.holder ?? "A HOLDER", card.month, card.year, card.deleted ?? false],
    );
  }
  for (const [ip, ua] of person.devices ?? []) {
    await database.query(
      "INSERT INTO sessions (user_guid, refresh_expires_at, ip, user_agent, logged_in_at) VALUES ($1, now() + interval '1 day', $2, $3, now())",
      [guid, ip, ua],
    );
  }
  if (person.fid) await database.query("INSERT INTO player_attribution (user_guid, fid) VALUES ($1, $2)", [guid, person.fid]);
  return guid;
}

const claim = (playerGuid: string) => claimWelcomeBonus(database.db, { playerGuid, claim: "welcome", customerBonusGuid: randomUUID() });
const rowsOf = async (playerGuid: string) =>
  (await database.query<{ kind: string; value_hash: string }>(
    "SELECT kind, value_hash FROM bonus_claim_identities WHERE customer_guid = $1 ORDER BY kind",
    [playerGuid],
  ));
const uid = () => randomUUID().slice(0, 8);
const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe("normalisation", () => {
  it("an email's mailbox ignores case, spaces and a +tag; a phone ignores formatting and the trunk zero", () => {
    expect(normaliseEmail("  Ann.Lee+bonus2@Example.COM ")).toBe("ann.lee@example.com");
    expect(normaliseEmail("+x@example.com")).toBe("+x@example.com");
    expect(normalisePhone("+44", "07700 900-123")).toBe(normalisePhone("44", "7700900123"));
    expect(normalisePhone("0044", "7700 900123")).toBe(normalisePhone("+44", "7700900123"));
    expect(normalisePhone("+44", "7700900123")).not.toBe(normalisePhone("+1", "7700900123"));
    expect(normalisePhone("44", "12")).toBeNull();
  });
});

describe("claimWelcomeBonus", () => {
  it("independent people both claim; each stores only hashes (no personal data)", async () => {
    const a = await player({ phone: ["44", `7700${uid().replace(/\D/g, "1").slice(0, 6)}`], devices: [[`10.0.0.${Math.floor(Math.random() * 250)}`, `${UA} a-${uid()}`]] });
    const b = await player();
    expect(await claim(a)).toEqual({ status: "claimed" });
    expect(await claim(b)).toEqual({ status: "claimed" });
    const rows = await rowsOf(a);
    expect(rows.map((r) => r.kind)).toEqual(["device", "email", "phone"]);
    for (const row of rows) expect(row.value_hash).toMatch(/^[0-9a-f]{64}$/);
    const [email] = await database.query<{ email: string }>("SELECT email FROM users WHERE guid = $1", [a]);
    const expected = createHash("sha256").update(`email:${normaliseEmail(email!.email)}`).digest("hex");
    expect(rows.find((r) => r.kind === "email")!.value_hash).toBe(expected);
  });

  it("a second account on the same mailbox (+tag, other case) is refused by email", async () => {
    const base = `mail-${uid()}`;
    const first = await player({ email: `${base}@example.com` });
    const second = await player({ email: `${base.toUpperCase()}+again@Example.com` });
    expect(await claim(first)).toEqual({ status: "claimed" });
    expect(await claim(second)).toEqual({ status: "already_claimed", kind: "email" });
  });

  it("a second account with the same phone in another format is refused by phone, and keeps no rows", async () => {
    const digits = String(Math.floor(1e8 + Math.random() * 9e8));
    const first = await player({ phone: ["+44", digits] });
    const second = await player({ phone: ["44", `0${digits.slice(0, 3)} ${digits.slice(3)}`], devices: [["192.0.2.7", `${UA} ${uid()}`]] });
    expect(await claim(first)).toEqual({ status: "claimed" });
    expect(await claim(second)).toEqual({ status: "already_claimed", kind: "phone" });
    // Its new email and device were not left claimed: a refused claim writes nothing.
    expect(await rowsOf(second)).toEqual([]);
  });

  it("the same card (BIN, last 4, expiry) saved by another account links them, whatever the holder name, deleted or not", async () => {
    const last4 = String(1000 + Math.floor(Math.random() * 8999));
    const card = { bin: "411111", last4, month: 7, year: 2031 };
    const first = await player({ cards: [{ ...card, holder: "ANN LEE", deleted: true }] });
    const second = await player({ cards: [{ ...card, holder: "A. LEE" }] });
    const other = await player({ cards: [{ ...card, month: 8 }] });
    expect(await claim(first)).toEqual({ status: "claimed" });
    expect(await claim(second)).toEqual({ status: "already_claimed", kind: "card" });
    expect(await claim(other)).toEqual({ status: "claimed" });
  });

  it("the same device (session ip + full user agent) links accounts; another browser build or a shared fid does not", async () => {
    const ip = `198.51.100.${Math.floor(Math.random() * 250)}`;
    const ua = `${UA} run-${uid()}`;
    const fid = `aff-${uid()}`;
    const first = await player({ devices: [[ip, ua]], fid });
    const second = await player({ devices: [["203.0.113.9", `${UA} other`], [ip, ua]] });
    const otherBrowser = await player({ devices: [[ip, `${ua} Edg/131`]], fid });
    expect(await claim(first)).toEqual({ status: "claimed" });
    expect(await claim(second)).toEqual({ status: "already_claimed", kind: "device" });
    expect(await claim(otherBrowser)).toEqual({ status: "claimed" });
  });

  it("reports the most certain link first when several match", async () => {
    const base = `multi-${uid()}`;
    const ip = `198.18.0.${Math.floor(Math.random() * 250)}`;
    const ua = `${UA} ${uid()}`;
    const first = await player({ email: `${base}@example.com`, devices: [[ip, ua]] });
    const second = await player({ email: `${base}+2@example.com`, devices: [[ip, ua]] });
    await claim(first);
    expect(await claim(second)).toEqual({ status: "already_claimed", kind: "email" });
  });

  it("claiming again for the same player is not abuse (a retried grant): his own rows are his", async () => {
    const a = await player({ devices: [["192.0.2.50", `${UA} ${uid()}`]] });
    expect(await claim(a)).toEqual({ status: "claimed" });
    expect(await claim(a)).toEqual({ status: "claimed" });
    expect((await rowsOf(a)).length).toBe(2);
  });

  it("a refused claim inside a rolled-back transaction and a claim whose transaction rolls back leave nothing", async () => {
    const a = await player();
    await database.db
      .transaction(async (tx) => {
        expect(await claimWelcomeBonus(tx, { playerGuid: a, claim: "welcome", customerBonusGuid: randomUUID() })).toEqual({ status: "claimed" });
        throw new Error("grant failed later");
      })
      .catch((error: Error) => expect(error.message).toBe("grant failed later"));
    expect(await rowsOf(a)).toEqual([]);
  });
});

describe.skipIf(!hasPostgres)("claimWelcomeBonus under concurrency (PostgreSQL)", () => {
  it("accounts sharing a card race their claims: exactly one wins, every round, no deadlock", async () => {
    for (let round = 0; round < 8; round += 1) {
      const last4 = String(1000 + round);
      const card = { bin: "52000000", last4, month: 1 + round, year: 2030 + round };
      const ip = `100.64.${round}.1`;
      const ua = `${UA} race-${uid()}`;
      // Overlapping identifiers in different combinations, so lock order matters.
      const players = await Promise.all(
        Array.from({ length: 6 }, (_, i) => player({ cards: [card], devices: i % 2 ? [[ip, ua]] : [] })),
      );
      const results = await Promise.all(
        players.map((guid) =>
          database.db.transaction(async (tx) => {
            const result = await claimWelcomeBonus(tx, { playerGuid: guid, claim: "welcome", customerBonusGuid: randomUUID() });
            // Hold the transaction a moment so the losers really wait on the winner's rows.
            await tx.execute(sql`SELECT pg_sleep(0.01)`);
            return result;
          }),
        ),
      );
      expect(results.filter((r) => r.status === "claimed")).toHaveLength(1);
      const [owners] = await database.query<{ n: number }>(
        "SELECT count(DISTINCT customer_guid)::int AS n FROM bonus_claim_identities WHERE customer_guid = ANY($1::uuid[])",
        [players],
      );
      expect(owners!.n).toBe(1);
    }
  });
});
