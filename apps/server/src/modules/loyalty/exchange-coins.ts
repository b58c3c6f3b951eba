import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { CoinExchangeResult } from "@croupier/contract/entities/loyalty";
import type { Db } from "@croupier/db/create-database";
import { AppError, notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { queryCustomerBonuses } from "../bonuses/customer-bonus-query.ts";
import { grantBonus } from "../bonuses/engine/grant-bonus.ts";
import { moveCoins } from "./move-coins.ts";

type Exchange = { exchange_guid: string; customer_bonus_guid: string; bonus_guid: string; coin_price: string; coin_balance: string };

/**
 * POST /bonuses/coin/exchange/{bonus_guid}: buys a coin bonus with coins, in ONE transaction: the
 * player's coin account is locked (their exchanges run one at a time), the campaign's current
 * version is granted through grantBonus (source key coin:{exchange_guid}), then its coin_price is
 * debited (guarded: never below 0). An ineligible grant or too few coins throws, so the transaction
 * rolls back and nothing is debited or granted. The client's key makes it idempotent: a replay
 * answers the first exchange and pays nothing again.
 */
export async function exchangeCoins(
  db: Db,
  input: { playerGuid: string; bonusGuid: string; idempotencyKey: string; currencyGuid?: string },
): Promise<CoinExchangeResult> {
  const exchange = await db.transaction(async (tx): Promise<Exchange & { replayed: boolean }> => {
    await tx.execute(
      sql`INSERT INTO coin_accounts (kind, customer_guid) VALUES ('player', ${input.playerGuid}::uuid) ON CONFLICT (customer_guid) DO NOTHING`,
    );
    const [account] = await queryRows<{ balance: string }>(
      tx,
      sql`SELECT trim_scale(balance)::text AS balance FROM coin_accounts WHERE customer_guid = ${input.playerGuid}::uuid FOR UPDATE`,
    );
    const [prior] = await queryRows<Exchange>(
      tx,
      sql`SELECT guid AS exchange_guid, customer_bonus_guid, bonus_guid, trim_scale(coin_price)::text AS coin_price
            FROM coin_exchanges WHERE customer_guid = ${input.playerGuid}::uuid AND idempotency_key = ${input.idempotencyKey}`,
    );
    if (prior) {
      if (prior.bonus_guid !== input.bonusGuid)
        throw new AppError("CONFLICT", "This request key was already used for another exchange; retry with a new one.");
      return { ...prior, coin_balance: account?.balance ?? "0", replayed: true };
    }
    const [campaign] = await queryRows<{ version_guid: string; bonus_type: string; coin_price: string; price_positive: boolean }>(
      tx,
      sql`SELECT c.current_version_guid AS version_guid, v.bonus_type, trim_scale(v.coin_price)::text AS coin_price,
                 v.coin_price > 0 AS price_positive
            FROM bonus_campaigns c JOIN bonus_campaign_versions v ON v.guid = c.current_version_guid
           WHERE c.bonus_guid = ${input.bonusGuid}::uuid`,
    );
    if (!campaign || campaign.bonus_type !== "coin") throw notFound("No coin bonus with this id.");
    if (!campaign.price_positive) throw new AppError("CONFLICT", "This bonus is not for sale for coins.");
    const [wallet] = await queryRows<{ currency_guid: string }>(
      tx,
      input.currencyGuid
        ? sql`SELECT currency_guid FROM wallets WHERE customer_guid = ${input.playerGuid}::uuid AND currency_guid = ${input.currencyGuid}::uuid`
        : sql`SELECT currency_guid FROM wallets WHERE customer_guid = ${input.playerGuid}::uuid ORDER BY is_active DESC, created_at LIMIT 1`,
    );
    if (!wallet) throw new AppError("CONFLICT", "You need a wallet in this currency to receive the bonus.");
    const [enough] = await queryRows<{ ok: boolean }>(tx, sql`SELECT ${account?.balance ?? "0"}::numeric >= ${campaign.coin_price}::numeric AS ok`);
    if (!enough?.ok) throw new AppError("NOT_ENOUGH_MONEY", `Not enough coins: this bonus costs ${campaign.coin_price} coins.`);

    const exchangeGuid = randomUUID();
    const grant = await grantBonus(tx, {
      versionGuid: campaign.version_guid,
      playerGuid: input.playerGuid,
      currencyGuid: wallet.currency_guid,
      trigger: "manual",
      sourceKey: `coin:${exchangeGuid}`,
      comment: `Bought for ${campaign.coin_price} coins`,
    });
    if (grant.status === "ineligible") throw new AppError("CONFLICT", `This bonus cannot be bought: ${grant.reason}.`);
    const moved = await moveCoins(tx, {
      playerGuid: input.playerGuid,
      idempotencyKey: `coin-exchange:${exchangeGuid}`,
      kind: "exchange",
      signedAmount: `-${campaign.coin_price}`,
    });
    // Thrown, so the grant above rolls back with it.
    if (moved.status !== "moved") throw new AppError("NOT_ENOUGH_MONEY", `Not enough coins: this bonus costs ${campaign.coin_price} coins.`);
    await tx.execute(
      sql`INSERT INTO coin_exchanges (guid, customer_guid, idempotency_key, bonus_guid, bonus_version_guid, customer_bonus_guid, coin_price)
          VALUES (${exchangeGuid}::uuid, ${input.playerGuid}::uuid, ${input.idempotencyKey}, ${input.bonusGuid}::uuid,
                  ${campaign.version_guid}::uuid, ${grant.customerBonusGuid}::uuid, ${campaign.coin_price}::numeric)`,
    );
    return {
      exchange_guid: exchangeGuid,
      customer_bonus_guid: grant.customerBonusGuid,
      bonus_guid: input.bonusGuid,
      coin_price: campaign.coin_price,
      coin_balance: moved.balance,
      replayed: false,
    };
  });
  const [customerBonus] = await queryCustomerBonuses(db, {
    playerGuid: input.playerGuid,
    where: [sql`cb.guid = ${exchange.customer_bonus_guid}::uuid`],
    limit: 1,
    offset: 0,
  });
  if (!customerBonus) throw new Error(`coin exchange ${exchange.exchange_guid}: customer bonus not found`);
  const [balance] = await queryRows<{ balance: string }>(
    db,
    sql`SELECT trim_scale(balance)::text AS balance FROM coin_accounts WHERE customer_guid = ${input.playerGuid}::uuid`,
  );
  return {
    exchange_guid: exchange.exchange_guid,
    coin_price: exchange.coin_price,
    coin_balance: balance?.balance ?? exchange.coin_balance,
    customer_bonus: customerBonus,
    replayed: exchange.replayed,
  };
}
