import { expect } from "vitest";
import { z } from "zod";
import { realtimeEventPayloads } from "@croupier/contract/realtime-events";
import type { DatabaseHandle } from "@croupier/db/create-database";

const OUTBOX_ROWS_MAX = 10_000;

/** Exactly the contract's fields: a field the SQL writes but the contract lacks counts as a drift too. */
function strictSchemaOf(type: string): z.ZodType | undefined {
  if (!Object.hasOwn(realtimeEventPayloads.shape, type)) return undefined;
  const schema = realtimeEventPayloads.shape[type as keyof typeof realtimeEventPayloads.shape];
  return schema instanceof z.ZodObject ? schema.strict() : schema;
}

/**
 * Every outbox row written so far has a name of the contract's vocabulary and a payload its schema
 * accepts. The SQL writers (jsonb_build_object in statements and in the provider wallet's
 * functions) are checked here, where the compiler cannot see them.
 */
export async function expectOutboxInVocabulary(database: DatabaseHandle): Promise<void> {
  const rows = await database.query<{ type: string; payload: unknown }>(
    `SELECT type, payload FROM outbox_events ORDER BY id LIMIT ${OUTBOX_ROWS_MAX}`,
  );
  const problems = rows.flatMap((row) => {
    const schema = strictSchemaOf(row.type);
    if (!schema) return [{ type: row.type, problem: "not in the vocabulary" }];
    const parsed = schema.safeParse(row.payload);
    return parsed.success ? [] : [{ type: row.type, problem: z.prettifyError(parsed.error), payload: row.payload }];
  });
  expect(problems).toEqual([]);
}
