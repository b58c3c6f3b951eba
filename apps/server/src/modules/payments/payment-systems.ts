import { sql } from "drizzle-orm";
import type { PaymentInfo, PaymentSystem } from "@croupier/contract/entities/billing";
import type { Db } from "@croupier/db/create-database";
import { AppError, badRequest, notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { getOrCreateWallet } from "../wallet/get-or-create-wallet.ts";
import { assertMayDeposit, loadCurrency, loadPaymentSystem, loadPlayer } from "./payment-lookups.ts";
import type { PaymentsContext } from "./payments-context.ts";
import { assertLimitPromptAnswered } from "../uk-profile/assert-limit-prompt-answered.ts";

/** GET /billing/psp/list: payment systems with the currencies (and networks) they take. */
export async function listPaymentSystems(db: Db): Promise<PaymentSystem[]> {
  return queryRows<PaymentSystem>(
    db,
    sql`SELECT s.name, s.guid, s.enabled, s.project_enabled, s.psp_deposit, s.psp_withdrawal,
               (SELECT COALESCE(jsonb_agg(jsonb_build_object(
                   'guid', c.guid, 'type', c.type, 'code', c.code, 'symbol', c.symbol, 'name', c.name, 'payment_system_guid', s.guid,
                   'networks', (SELECT COALESCE(jsonb_agg(jsonb_build_object('code', n.code, 'name', n.name,
                                     'requires_destination_tag', n.requires_destination_tag, 'confirmations', n.confirmations) ORDER BY n.code), '[]'::jsonb)
                                  FROM currency_networks n WHERE n.currency_guid = c.guid)) ORDER BY c.ordering, c.code), '[]'::jsonb)
                  FROM currencies c
                 WHERE EXISTS (SELECT 1 FROM payment_method_currencies mc JOIN payment_methods m ON m.guid = mc.payment_method_guid
                                WHERE m.payment_system_guid = s.guid AND mc.currency_guid = c.guid AND mc.enabled)) AS currencies
          FROM payment_systems s ORDER BY s.ordering, s.name LIMIT 100`,
  );
}

/**
 * GET|POST /billing/psp/info/{psp_name}: how to pay in a currency. For a
 * crypto system, the player's deposit address for the wallet of that
 * currency and the network (created once, then always the same), with a
 * destination tag where the network needs one.
 */
export async function getPaymentInfo(
  ctx: PaymentsContext,
  input: { playerGuid: string; pspName: string; currencyGuid: string; network?: string },
): Promise<PaymentInfo> {
  const system = await loadPaymentSystem(ctx.db, { name: input.pspName });
  const currency = await loadCurrency(ctx.db, input.currencyGuid);
  const limits = await queryRows<{ min_deposit: string }>(
    ctx.db,
    sql`SELECT trim_scale(GREATEST(c.min_deposit, COALESCE(max(mc.min_amount), 0)))::text AS min_deposit
          FROM currencies c
          JOIN payment_method_currencies mc ON mc.currency_guid = c.guid AND mc.direction = 'deposit' AND mc.enabled
          JOIN payment_methods m ON m.guid = mc.payment_method_guid AND m.payment_system_guid = ${system.guid}::uuid
         WHERE c.guid = ${currency.guid}::uuid GROUP BY c.min_deposit`,
  );
  if (!limits[0]) throw notFound("This payment system does not take this currency.");
  const base = {
    currency_code: currency.code,
    currency_guid: currency.guid,
    minimum_deposit_amount: limits[0].min_deposit,
    minimum_withdraw_fee: "0",
    processing_fee: "0",
  };
  if (system.kind !== "crypto") return { ...base, address: null, network: null, waiting_time: "instant", destination_tag: null };

  const networks = await queryRows<{ code: string; requires_destination_tag: boolean; confirmations: number }>(
    ctx.db,
    sql`SELECT code, requires_destination_tag, confirmations FROM currency_networks WHERE currency_guid = ${currency.guid}::uuid ORDER BY code`,
  );
  const network = input.network ? networks.find((n) => n.code === input.network) : networks.length === 1 ? networks[0] : undefined;
  if (!network)
    throw badRequest("Choose a network of this currency.", [{ field: "query.network", message: `must be one of ${networks.map((n) => n.code).join(", ")}` }]);
  const player = await loadPlayer(ctx.db, input.playerGuid);
  assertMayDeposit(player, ctx.env.DEPOSIT_REQUIRES_KYC);
  await assertLimitPromptAnswered(ctx.db, ctx.env.jurisdiction, player.guid);
  const wallet = await getOrCreateWallet(ctx.db, { playerGuid: player.guid, currencyGuid: currency.guid, setActive: false });
  const address = await depositAddress(ctx, { ...player, walletGuid: wallet.guid, systemGuid: system.guid, adapter: system.adapter, currency, network });
  return {
    ...base,
    address: address.address,
    network: network.code,
    waiting_time: `${network.confirmations} confirmation${network.confirmations === 1 ? "" : "s"}`,
    destination_tag: address.destination_tag,
  };
}

async function depositAddress(
  ctx: PaymentsContext,
  input: {
    guid: string;
    walletGuid: string;
    systemGuid: string;
    adapter: string;
    currency: { guid: string; code: string };
    network: { code: string; requires_destination_tag: boolean };
  },
): Promise<{ address: string; destination_tag: string | null }> {
  const find = () =>
    queryRows<{ address: string; destination_tag: string | null }>(
      ctx.db,
      sql`SELECT address, destination_tag FROM crypto_deposit_addresses
           WHERE wallet_guid = ${input.walletGuid}::uuid AND payment_system_guid = ${input.systemGuid}::uuid AND network = ${input.network.code}`,
    );
  const existing = await find();
  if (existing[0]) return existing[0];
  // A fresh address (or tag) can collide with another player's: ask again a few times.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const created = await ctx.providers.get(input.adapter).createDepositAddress({
      walletGuid: input.walletGuid,
      currencyCode: input.currency.code,
      network: input.network.code,
      requiresDestinationTag: input.network.requires_destination_tag,
    });
    const rows = await queryRows<{ address: string; destination_tag: string | null }>(
      ctx.db,
      sql`INSERT INTO crypto_deposit_addresses (customer_guid, wallet_guid, currency_guid, payment_system_guid, network, address, destination_tag)
          VALUES (${input.guid}::uuid, ${input.walletGuid}::uuid, ${input.currency.guid}::uuid, ${input.systemGuid}::uuid,
                  ${input.network.code}, ${created.address}, ${created.destinationTag})
          ON CONFLICT DO NOTHING RETURNING address, destination_tag`,
    );
    if (rows[0]) return rows[0];
    const raced = await find();
    if (raced[0]) return raced[0];
  }
  throw new AppError("SERVICE_UNAVAILABLE", "No deposit address could be created. Please try again.");
}

/** GET /billing/providers/metadata: the banks or providers behind a method. */
export async function getProviderMetadata(db: Db, methodGuid: string) {
  const rows = await queryRows<{ metadata: { banks?: { name: string }[]; providers?: { id: string; display_name: string }[] } }>(
    db,
    sql`SELECT metadata FROM payment_methods WHERE guid = ${methodGuid}::uuid`,
  );
  if (!rows[0]) throw notFound("No such payment method.");
  const { banks, providers } = rows[0].metadata;
  return { ...(banks ? { banks } : {}), providers: providers ?? [] };
}
