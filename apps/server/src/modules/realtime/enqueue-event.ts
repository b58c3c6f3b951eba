import { is, SQL, sql } from "drizzle-orm";
import type { RealtimeEventPayload, RealtimeEventType } from "@croupier/contract/realtime-events";
import type { SqlExecutor } from "../../lib/sql-executor.ts";

/**
 * The outbox's one writer. Every outbox row the server writes goes through here, in one of two forms:
 * enqueueEvent (one event from TypeScript values) or outboxEvents (a set-based INSERT … SELECT inside
 * a larger statement). Names and payloads are the contract's vocabulary (realtime-events.ts). The
 * provider wallet's SQL functions write user_balance_updated themselves, in migrations; a test checks
 * that every name they write is in the vocabulary.
 */

/** The channel every outbox writer notifies and the dispatcher listens on. */
export const OUTBOX_CHANNEL = "outbox_events";

export type EnqueueEventInput<K extends RealtimeEventType> = {
  type: K;
  payload: RealtimeEventPayload<K>;
  userGuid?: string | null;
  sessionGuid?: string | null;
};

/**
 * Writes a realtime event into the outbox. Call it with the transaction that
 * makes the change, so the event exists exactly when the change commits.
 * pg_notify is transactional too: listeners hear it only after COMMIT.
 */
export async function enqueueEvent<K extends RealtimeEventType>(tx: SqlExecutor, input: EnqueueEventInput<K>): Promise<void> {
  const event = outboxEvents("event", input.type, {
    userGuid: sql`${input.userGuid ?? null}::uuid`,
    sessionGuid: sql`${input.sessionGuid ?? null}::uuid`,
    payload: sql`${JSON.stringify(input.payload)}::jsonb`,
  });
  await tx.execute(sql`WITH ${event.insert} ${event.notify}`);
}

/** One SQL expression per field of an event's payload. */
export type OutboxPayloadFields<K extends RealtimeEventType> = { [F in keyof RealtimeEventPayload<K>]-?: SQL };

/** SQL expressions of the rows to write: one outbox row per row of `from`. */
export type OutboxRows<K extends RealtimeEventType> = {
  userGuid: SQL;
  sessionGuid?: SQL;
  /**
   * jsonb, or one SQL expression per payload field (built with jsonb_build_object): the fields are
   * then checked against the contract at compile time, a missing or unknown one is a type error.
   */
  payload: SQL | OutboxPayloadFields<K>;
  /** FROM … WHERE …, naming what the expressions read. */
  from?: SQL;
};

export type OutboxEventsSql = {
  /** `<cte> AS (INSERT INTO outbox_events … SELECT … RETURNING id)`, one item of a WITH list. */
  insert: SQL;
  /** `SELECT pg_notify(…) FROM <cte>`: one notification per written row, heard after COMMIT. */
  notify: SQL;
};

/**
 * The set-based form: an INSERT … SELECT as a data-modifying CTE named `cte`, and the statement
 * that notifies the dispatcher of its rows. Use both in the same statement, e.g.
 * sql`WITH …, ${event.insert} SELECT …, (SELECT count(*) FROM (${event.notify}) n)`.
 */
export function outboxEvents<K extends RealtimeEventType>(cte: string, type: K, rows: OutboxRows<K>): OutboxEventsSql {
  const name = sql.identifier(cte);
  const payload = is(rows.payload, SQL) ? rows.payload : jsonbObject(rows.payload);
  return {
    insert: sql`${name} AS (
      INSERT INTO outbox_events (user_guid, session_guid, type, payload)
      SELECT ${rows.userGuid}, ${rows.sessionGuid ?? sql`NULL::uuid`}, ${type}::text, ${payload}
        ${rows.from ?? sql``}
      RETURNING id)`,
    notify: sql`SELECT pg_notify(${OUTBOX_CHANNEL}, id::text) FROM ${name}`,
  };
}

// jsonb_build_object takes at most 100 arguments: 50 fields, far more than any event has.
const PAYLOAD_FIELDS_MAX = 50;

function jsonbObject(fields: Record<string, SQL>): SQL {
  const entries = Object.entries(fields);
  if (entries.length > PAYLOAD_FIELDS_MAX) throw new Error(`an event payload has at most ${PAYLOAD_FIELDS_MAX} fields`);
  const pairs = entries.map(([key, value]) => sql`${key}::text, ${value}`);
  return sql`jsonb_build_object(${sql.join(pairs, sql`, `)})`;
}
