import { createHmac, randomBytes, randomInt } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import { queryRows } from "../../../../lib/sql-executor.ts";
import { enqueueSandboxWebhook } from "./sandbox-webhooks.ts";

const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";
const BASE58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz";

function randomChars(alphabet: string, length: number, bytes: Buffer = randomBytes(length)): string {
  let out = "";
  for (let i = 0; i < length; i += 1) out += alphabet[bytes[i]! % alphabet.length];
  return out;
}

/** An address in the network's own shape (testnet-like, never a real wallet). */
function addressFor(network: string, bytes: Buffer): string {
  if (network === "BTC") return `bc1q${randomChars(BECH32, 38, bytes)}`;
  if (network === "ERC20") return `0x${bytes.subarray(0, 20).toString("hex")}`;
  if (network === "TRC20") return `T${randomChars(BASE58, 33, bytes)}`;
  return randomChars(BASE58, 34, bytes);
}

/**
 * A deposit address. Networks with destination tags share one address per
 * network and tell players apart by the tag, like exchanges do; the others get
 * an address of their own.
 */
export function sandboxDepositAddress(
  secret: string,
  input: { network: string; currencyCode: string; requiresDestinationTag: boolean },
): { address: string; destinationTag: string | null } {
  if (!input.requiresDestinationTag) return { address: addressFor(input.network, randomBytes(40)), destinationTag: null };
  const shared = createHmac("sha256", secret).update(`shared:${input.network}:${input.currencyCode}`).digest();
  return { address: addressFor(input.network, Buffer.concat([shared, shared])), destinationTag: String(randomInt(100_000_000, 1_000_000_000)) };
}

/** The simulator page: money sent to an address, seen on chain with 0 confirmations. */
export async function simulateIncomingTransfer(
  db: Db,
  input: { address: string; destinationTag: string | null; currencyCode: string; network: string; amount: string; requiredConfirmations: number },
): Promise<string> {
  const txHash = randomBytes(32).toString("hex");
  await db.transaction(async (tx) => {
    await tx.execute(
      sql`INSERT INTO sandbox_psp_transfers (tx_hash, address, destination_tag, currency_code, network, amount, required_confirmations)
          VALUES (${txHash}, ${input.address}, ${input.destinationTag}, ${input.currencyCode}, ${input.network},
                  ${input.amount}::numeric, ${input.requiredConfirmations})`,
    );
    await enqueueSandboxWebhook(tx, "crypto.transfer.updated", {
      tx_hash: txHash,
      address: input.address,
      destination_tag: input.destinationTag,
      currency: input.currencyCode,
      network: input.network,
      amount: input.amount,
      confirmations: 0,
      required_confirmations: input.requiredConfirmations,
    });
  });
  return txHash;
}

export type SandboxTransfer = {
  tx_hash: string;
  address: string;
  destination_tag: string | null;
  currency_code: string;
  network: string;
  amount: string;
  confirmations: number;
  required_confirmations: number;
};

export async function findSandboxTransfer(db: Db, txHash: string): Promise<SandboxTransfer | undefined> {
  const rows = await queryRows<SandboxTransfer>(
    db,
    sql`SELECT tx_hash, address, destination_tag, currency_code, network, trim_scale(amount)::text AS amount,
               confirmations, required_confirmations
          FROM sandbox_psp_transfers WHERE tx_hash = ${txHash}`,
  );
  return rows[0];
}

/**
 * One more block: every unconfirmed transfer whose last block is at least
 * blockMs old (or only the given one) gains a confirmation, and each change
 * is announced by a webhook in the same transaction.
 */
export async function mineSandboxBlock(db: Db, input: { blockMs: number; txHash?: string }): Promise<number> {
  return db.transaction(async (tx) => {
    const only = input.txHash ? sql`AND tx_hash = ${input.txHash}` : sql`AND last_block_at <= now() - make_interval(secs => ${input.blockMs / 1000})`;
    const rows = await queryRows<SandboxTransfer>(
      tx,
      sql`UPDATE sandbox_psp_transfers SET confirmations = confirmations + 1, last_block_at = now()
           WHERE confirmations < required_confirmations ${only}
          RETURNING tx_hash, address, destination_tag, currency_code, network, trim_scale(amount)::text AS amount,
                    confirmations, required_confirmations`,
    );
    for (const row of rows) {
      await enqueueSandboxWebhook(tx, "crypto.transfer.updated", {
        tx_hash: row.tx_hash,
        address: row.address,
        destination_tag: row.destination_tag,
        currency: row.currency_code,
        network: row.network,
        amount: row.amount,
        confirmations: row.confirmations,
        required_confirmations: row.required_confirmations,
      });
    }
    return rows.length;
  });
}
