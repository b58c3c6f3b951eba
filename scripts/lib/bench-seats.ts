// Funded players with an open house-slot game session on a fresh, migrated and seeded database: what the
// wallet benches (bench:wallet, bench:chaos) load through the provider wallet protocol.
import { randomUUID } from "node:crypto";
import { createDatabase, type DatabaseHandle } from "@croupier/db/create-database";
import { migrate } from "@croupier/db/migrate";
import { seed } from "@croupier/db/seed/seed";
import { issueGameSession } from "../../apps/server/src/modules/game-sessions/issue-game-session.ts";
import { PLATFORM_OWNER, systemAccountGuid } from "../../apps/server/src/modules/ledger/ledger-accounts.ts";
import { moveWalletMoney } from "../../apps/server/src/modules/ledger/move-wallet-money.ts";
import { getOrCreateWallet } from "../../apps/server/src/modules/wallet/get-or-create-wallet.ts";

/** More would only slow the set-up: the benches load at most a few hundred wallets. */
const SEATS_MAX = 10_000;

export type BenchSeat = { index: number; token: string; gameCode: string; walletGuid: string };

export type BenchSeatOptions = {
  wallets: number;
  /** Part of each player's email and of the deposit's idempotency key ("bench", "chaos"). */
  prefix: string;
  poolMax: number;
  /** Runs for each wallet after its deposit, before its game session (e.g. give it an active bonus). */
  prepareWallet?: (input: {
    database: DatabaseHandle;
    index: number;
    walletGuid: string;
    currencyGuid: string;
  }) => Promise<void>;
};

export async function prepareBenchSeats(url: string, options: BenchSeatOptions): Promise<BenchSeat[]> {
  if (!Number.isInteger(options.wallets) || options.wallets < 1 || options.wallets > SEATS_MAX)
    throw new Error(`wallets must be an integer in 1..${SEATS_MAX}`);
  const database = await createDatabase({ url, poolMax: options.poolMax });
  try {
    await migrate(database);
    await seed(database.db, { demo: true });
    const [game] = await database.query<{ code: string; guid: string }>(
      `SELECT g.external_guid AS code, g.guid FROM games g JOIN tags t ON t.guid = g.system_tag_guid
        WHERE g.game_provider = 'house' AND g.game_status = 'active' AND t.name = 'Slots' ORDER BY g.external_guid LIMIT 1`,
    );
    if (!game) throw new Error("no house slot game in the demo catalogue");
    const [usd] = await database.query<{ guid: string }>("SELECT guid FROM currencies WHERE code = 'USD'");
    if (!usd) throw new Error("no USD in the reference data");
    const clearing = await systemAccountGuid(database.db, {
      kind: "payment_clearing",
      owner: PLATFORM_OWNER,
      currencyGuid: usd.guid,
    });
    const seats: BenchSeat[] = [];
    for (let index = 0; index < options.wallets; index += 1) {
      const [user] = await database.query<{ guid: string }>("INSERT INTO users (email) VALUES ($1) RETURNING guid", [
        `${options.prefix}-${index}-${randomUUID()}@example.com`,
      ]);
      const wallet = await getOrCreateWallet(database.db, {
        playerGuid: user!.guid,
        currencyGuid: usd.guid,
        setActive: true,
      });
      await moveWalletMoney(database.db, {
        walletGuid: wallet.guid,
        pocket: "balance",
        direction: "credit",
        amount: "1000000",
        counterpartyAccountGuid: clearing,
        kind: "deposit",
        idempotencyKey: `${options.prefix}:deposit:${wallet.guid}`,
        operationType: "deposit",
      });
      await options.prepareWallet?.({ database, index, walletGuid: wallet.guid, currencyGuid: usd.guid });
      const session = await issueGameSession(database.db, {
        playerGuid: user!.guid,
        walletGuid: wallet.guid,
        providerCode: "house",
        gameCode: game.code,
        gameGuid: game.guid,
        ttlSeconds: 3600,
      });
      seats.push({ index, token: session.token, gameCode: game.code, walletGuid: wallet.guid });
    }
    return seats;
  } finally {
    await database.close();
  }
}
