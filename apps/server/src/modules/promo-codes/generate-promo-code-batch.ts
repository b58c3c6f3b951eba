import { randomInt, randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { PROMO_CODE_ALPHABET, type GeneratePromoCodesInput, type PromoCodeBatch } from "@croupier/contract/backoffice/promo-codes";
import type { Db } from "@croupier/db/create-database";
import { AppError } from "../../lib/app-error.ts";
import { queryRows, type SqlExecutor } from "../../lib/sql-executor.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";
import { assertPromoCampaign } from "./staff-promo-code-sql.ts";

/** Rows per INSERT statement. */
const CHUNK = 1_000;
/** Rounds of regenerating codes that collided with existing ones before giving up. */
const COLLISION_ROUNDS = 5;

/** One random code: the prefix, then `length` characters of the unambiguous alphabet, each uniform (crypto.randomInt). */
function randomCode(prefix: string, length: number): string {
  let code = prefix;
  for (let i = 0; i < length; i += 1) code += PROMO_CODE_ALPHABET[randomInt(PROMO_CODE_ALPHABET.length)];
  return code;
}

/**
 * POST /promo-codes/batches: `count` unique random codes of one campaign under one batch guid, in one
 * transaction with its audit row. Codes are inserted in chunks with ON CONFLICT (code) DO NOTHING; a
 * code that collided with an existing one is replaced by a new random one and retried, so the batch
 * always holds exactly `count` codes (or fails as a whole when the prefix and length leave too few).
 */
export async function generatePromoCodeBatch(db: Db, actor: AuditActor, input: GeneratePromoCodesInput): Promise<PromoCodeBatch> {
  // The contract bounds prefix (12) + length (16) under the code's 32 characters.
  return db.transaction(async (tx) => {
    await assertPromoCampaign(tx, input);
    const batchGuid = randomUUID();
    const sample: string[] = [];
    let missing = input.count;
    for (let round = 0; missing > 0; round += 1) {
      if (round >= COLLISION_ROUNDS)
        throw new AppError("CONFLICT", "Too many generated codes already exist: use a longer code or another prefix.");
      const fresh = new Set<string>();
      while (fresh.size < missing) fresh.add(randomCode(input.prefix, input.length));
      const codes = [...fresh];
      for (let start = 0; start < codes.length; start += CHUNK) {
        const inserted = await insertChunk(tx, actor, input, batchGuid, codes.slice(start, start + CHUNK));
        missing -= inserted.length;
        for (const code of inserted) if (sample.length < 10) sample.push(code);
      }
    }
    await recordAudit(tx, actor, {
      action: "promo_code.generate",
      targetType: "promo_code_batch",
      targetId: batchGuid,
      after: { bonus_guid: input.bonus_guid, count: input.count, prefix: input.prefix, length: input.length, name: input.name },
      details: {
        start_date: input.start_date,
        end_date: input.end_date,
        multiple_use: input.multiple_use,
        multiple_use_count: input.multiple_use_count,
        segment_guids: input.segment_guids,
        country_codes: input.country_codes,
      },
    });
    return { batch_guid: batchGuid, bonus_guid: input.bonus_guid, count: input.count, sample };
  });
}

async function insertChunk(
  tx: SqlExecutor,
  actor: AuditActor,
  input: GeneratePromoCodesInput,
  batchGuid: string,
  codes: string[],
): Promise<string[]> {
  const rows = await queryRows<{ code: string }>(
    tx,
    sql`INSERT INTO promo_codes (bonus_guid, code, name, conditions, start_date, end_date, multiple_use, multiple_use_count,
                                 segment_guids, country_codes, batch_guid, created_by)
        SELECT ${input.bonus_guid}::uuid, c.code, ${input.name}, ${input.conditions}, ${input.start_date}::timestamptz,
               ${input.end_date}::timestamptz, ${input.multiple_use}, ${input.multiple_use_count},
               ${sql.param(input.segment_guids)}::uuid[], ${sql.param(input.country_codes)}::varchar[], ${batchGuid}::uuid,
               ${actor.staffId}::uuid
          FROM unnest(${sql.param(codes)}::text[]) AS c(code)
        ON CONFLICT (code) DO NOTHING
        RETURNING code`,
  );
  return rows.map((r) => r.code);
}
