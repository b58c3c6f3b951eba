import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { DatabaseHandle } from "@croupier/db/create-database";
import type { App } from "../../src/app.ts";
import { issueGameSession } from "../../src/modules/game-sessions/issue-game-session.ts";
import { PLATFORM_OWNER, systemAccountGuid } from "../../src/modules/ledger/ledger-accounts.ts";
import { moveWalletMoney } from "../../src/modules/ledger/move-wallet-money.ts";
import { queryRows } from "../../src/lib/sql-executor.ts";
import { getOrCreateWallet } from "../../src/modules/wallet/get-or-create-wallet.ts";
import { signBody } from "../../src/modules/provider-wallet/signature.ts";

export const HOUSE_SECRET = "dev-only-house-provider-secret";
export const hasPostgres = Boolean(process.env.TEST_DATABASE_URL);
if (!hasPostgres) {
  // Visible on every run without PostgreSQL: these suites prove nothing on PGlite (one query at a time).
  console.warn("[wallet] TEST_DATABASE_URL is unset: concurrency and crash tests are SKIPPED (PGlite hides races).");
}

/** A player row straight in the database (provider tests need many, without the sign-up round trip). */
export async function createPlayer(database: DatabaseHandle, status: "active" | "locked" = "active"): Promise<string> {
  const rows = await database.query<{ guid: string }>(
    "INSERT INTO users (email, status) VALUES ($1, $2) RETURNING guid",
    [`player-${randomUUID()}@example.com`, status],
  );
  return rows[0]!.guid;
}

export async function currencyGuid(database: DatabaseHandle, code: string): Promise<string> {
  const rows = await database.query<{ guid: string }>("SELECT guid FROM currencies WHERE code = $1", [code]);
  if (!rows[0]) throw new Error(`no currency ${code}`);
  return rows[0].guid;
}

export async function openWallet(database: DatabaseHandle, playerGuid: string, code = "USD", setActive = true) {
  return getOrCreateWallet(database.db, { playerGuid, currencyGuid: await currencyGuid(database, code), setActive });
}

/** A deposit through the ledger: payment clearing → the wallet's cash. */
export async function deposit(database: DatabaseHandle, walletGuid: string, amount: string, pocket: "balance" | "bonus_balance" = "balance") {
  const [wallet] = await database.query<{ currency_guid: string }>("SELECT currency_guid FROM wallets WHERE guid = $1", [walletGuid]);
  const counterparty = await systemAccountGuid(database.db, {
    kind: pocket === "balance" ? "payment_clearing" : "bonus_cost",
    owner: PLATFORM_OWNER,
    currencyGuid: wallet!.currency_guid,
  });
  const result = await moveWalletMoney(database.db, {
    walletGuid,
    pocket,
    direction: "credit",
    amount,
    counterpartyAccountGuid: counterparty,
    kind: pocket === "balance" ? "deposit" : "bonus_grant",
    idempotencyKey: `test:${randomUUID()}`,
    operationType: pocket === "balance" ? "deposit" : "bonus",
  });
  if (result.status !== "applied") throw new Error(`deposit ${result.status}`);
  return result;
}

/** An active house game from the demo catalogue. */
export async function houseGame(database: DatabaseHandle, live = false): Promise<{ code: string; guid: string }> {
  const rows = await queryRows<{ code: string; guid: string }>(
    database.db,
    sql`SELECT g.external_guid AS code, g.guid FROM games g JOIN tags t ON t.guid = g.system_tag_guid
         WHERE g.game_provider = 'house' AND g.game_status = 'active' AND cardinality(g.currency_guids) = 0
           AND (t.name = 'Live') = ${live}
         ORDER BY g.external_guid LIMIT 1`,
  );
  if (!rows[0]) throw new Error("no house game in the catalogue (seed with demo: true)");
  return rows[0];
}

/** An active house slot open to free spins (games.can_freespins), for free-spin bets (ADR 032). */
export async function houseFreeSpinGame(database: DatabaseHandle): Promise<{ code: string; guid: string }> {
  const rows = await queryRows<{ code: string; guid: string }>(
    database.db,
    sql`SELECT g.external_guid AS code, g.guid FROM games g
         WHERE g.game_provider = 'house' AND g.game_status = 'active' AND cardinality(g.currency_guids) = 0
           AND g.can_freespins
         ORDER BY g.external_guid LIMIT 1`,
  );
  if (!rows[0]) throw new Error("no house game open to free spins in the catalogue (seed with demo: true)");
  return rows[0];
}

export type Seat = { playerGuid: string; walletGuid: string; token: string; gameCode: string; currency: string };

/** A funded player sitting at a house game with a fresh game session token. */
export async function seatPlayer(
  database: DatabaseHandle,
  options: { cash?: string; bonus?: string; currency?: string; game?: { code: string; guid: string } } = {},
): Promise<Seat> {
  const currency = options.currency ?? "USD";
  const playerGuid = await createPlayer(database);
  const wallet = await openWallet(database, playerGuid, currency);
  if (options.cash) await deposit(database, wallet.guid, options.cash);
  if (options.bonus) await deposit(database, wallet.guid, options.bonus, "bonus_balance");
  const game = options.game ?? (await houseGame(database));
  const session = await issueGameSession(database.db, {
    playerGuid,
    walletGuid: wallet.guid,
    providerCode: "house",
    gameCode: game.code,
    gameGuid: game.guid,
  });
  return { playerGuid, walletGuid: wallet.guid, token: session.token, gameCode: game.code, currency };
}

export type ProviderAnswer = { status: string; request_uuid: string | null; currency: string | null; balance: string | null; bonus_balance: string | null };

/** Signs and sends one provider wallet call the way a provider would. */
export async function providerCall(
  app: App,
  method: "balance" | "bet" | "win" | "rollback",
  body: Record<string, unknown>,
  options: { provider?: string; secret?: string; signature?: string } = {},
): Promise<ProviderAnswer> {
  const payload = JSON.stringify({ request_uuid: randomUUID(), timestamp: new Date().toISOString(), ...body });
  const res = await app.inject({
    method: "POST",
    url: `/api/v1/provider/${options.provider ?? "house"}/wallet/${method}`,
    headers: {
      "content-type": "application/json",
      "x-signature": options.signature ?? signBody(options.secret ?? HOUSE_SECRET, payload),
    },
    payload,
  });
  if (res.statusCode !== 200) throw new Error(`provider ${method} → HTTP ${res.statusCode}: ${res.body}`);
  return res.json() as ProviderAnswer;
}

export const bet = (seat: Seat, amount: string, extra: Record<string, unknown> = {}) => ({
  token: seat.token,
  game_code: seat.gameCode,
  round_id: `round-${randomUUID()}`,
  transaction_uuid: `bet-${randomUUID()}`,
  amount,
  currency: seat.currency,
  is_free_spin: false,
  round_closed: false,
  ...extra,
});

export const win = (seat: Seat, betBody: { transaction_uuid: string; round_id: string }, amount: string, extra: Record<string, unknown> = {}) => ({
  token: seat.token,
  game_code: seat.gameCode,
  round_id: betBody.round_id,
  transaction_uuid: `win-${randomUUID()}`,
  reference_transaction_uuid: betBody.transaction_uuid,
  amount,
  currency: seat.currency,
  round_closed: false,
  ...extra,
});

export const rollback = (seat: Seat, betBody: { transaction_uuid: string; round_id: string }, extra: Record<string, unknown> = {}) => ({
  token: seat.token,
  game_code: seat.gameCode,
  round_id: betBody.round_id,
  transaction_uuid: `rb-${randomUUID()}`,
  reference_transaction_uuid: betBody.transaction_uuid,
  ...extra,
});

export async function walletState(database: DatabaseHandle, walletGuid: string) {
  const [row] = await database.query<{ balance: string; bonus_balance: string; free_spin_count: number }>(
    "SELECT round(balance, 2)::text AS balance, round(bonus_balance, 2)::text AS bonus_balance, free_spin_count FROM wallets WHERE guid = $1",
    [walletGuid],
  );
  return row!;
}

export async function transferCount(database: DatabaseHandle, keyPrefix: string): Promise<number> {
  const [row] = await database.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM ledger_transfers WHERE idempotency_key LIKE $1",
    [`${keyPrefix}%`],
  );
  return row!.n;
}

/**
 * An active customer bonus on a wallet, as the bonus engine leaves it at activation (ADR 004, 032):
 * a campaign with one version (its free-spin game list), an `active` customer bonus, and the wallet's
 * bonus columns. The wallet path reads only the wallet columns and, for free spins, the version's
 * game list; the money (bonus_balance) is the caller's.
 */
export async function activateTestBonus(
  database: DatabaseHandle,
  walletGuid: string,
  options: {
    wager?: string;
    distributionPercent?: string | null;
    gameGuids?: string[];
    freeSpins?: { count: number; bet: string };
  } = {},
): Promise<{ customerBonusGuid: string; versionGuid: string }> {
  const [wallet] = await database.query<{ customer_guid: string; currency_guid: string }>(
    "SELECT customer_guid, currency_guid FROM wallets WHERE guid = $1",
    [walletGuid],
  );
  const type = options.freeSpins ? "free_spins" : "deposit_match";
  const [campaign] = await database.query<{ bonus_guid: string }>(
    "INSERT INTO bonus_campaigns (status) VALUES ('active') RETURNING bonus_guid",
  );
  const [version] = await database.query<{ guid: string }>(
    `INSERT INTO bonus_campaign_versions (bonus_guid, version, bonus_name, bonus_trigger, bonus_type,
                                          wagering_expiration_time, activation_expiration_time,
                                          winnings_distribution_percent, game_guids)
     VALUES ($1, 1, 'wallet path test bonus', 'manual', $2, 604800, 604800, $3, $4::uuid[]) RETURNING guid`,
    [campaign!.bonus_guid, type, options.distributionPercent ?? "0", `{${(options.gameGuids ?? []).join(",")}}`],
  );
  const [bonus] = await database.query<{ guid: string }>(
    `INSERT INTO customer_bonuses (customer_guid, wallet_guid, currency_guid, bonus_guid, bonus_version_guid,
                                   bonus_trigger, bonus_type, status, source_key, wagering_expiration_time,
                                   wager_amount, activated_at)
     VALUES ($1, $2, $3, $4, $5, 'manual', $6, 'active', $7, 604800, $8, now()) RETURNING guid`,
    [
      wallet!.customer_guid,
      walletGuid,
      wallet!.currency_guid,
      campaign!.bonus_guid,
      version!.guid,
      type,
      `test:${randomUUID()}`,
      options.wager ?? "0",
    ],
  );
  await database.query(
    `UPDATE wallets SET customer_bonus_guid = $2, customer_bonus_expire_date = now() + interval '7 days', wager = $3,
            winnings_distribution_percent = $4, free_spin_count = $5, free_spin_total = $5, free_spin_bet = $6
      WHERE guid = $1`,
    [
      walletGuid,
      bonus!.guid,
      options.wager ?? "0",
      options.distributionPercent ?? null,
      options.freeSpins?.count ?? 0,
      options.freeSpins?.bet ?? null,
    ],
  );
  return { customerBonusGuid: bonus!.guid, versionGuid: version!.guid };
}
