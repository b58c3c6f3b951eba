import type { FastifyRequest } from "fastify";
import { sql } from "drizzle-orm";
import type { SqlExecutor } from "../../lib/sql-executor.ts";

export type AuditEntry = {
  /** verb-ish dotted name: player.lock, adjustment.approve, players.search, staff.login_failed, … */
  action: string;
  playerId?: string | null;
  targetType?: string | null;
  targetId?: string | null;
  before?: unknown;
  after?: unknown;
  details?: unknown;
};

export type AuditActor = {
  staffId: string | null;
  email: string | null;
  ip: string | null;
  requestId: string | null;
};

/** Who is acting, from a back-office request (the client address as the app resolved it, ADR 015). */
export function auditActor(request: FastifyRequest): AuditActor {
  return {
    staffId: request.staff?.staffId ?? null,
    email: request.staff?.email ?? null,
    ip: request.ip ?? null,
    requestId: String(request.id ?? "") || null,
  };
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/**
 * Appends one row to the staff audit log. Pass the transaction that makes the change, so the
 * change and its record commit together or not at all. The table refuses UPDATE and DELETE.
 * Never put secrets (passwords, TOTP secrets, codes, card numbers) in before/after/details.
 */
export async function recordAudit(executor: SqlExecutor, actor: AuditActor, entry: AuditEntry): Promise<void> {
  await executor.execute(sql`
    INSERT INTO staff_audit_log (staff_guid, staff_email, action, player_guid, target_type, target_id,
                                 before, after, details, ip, request_id)
    VALUES (${actor.staffId}, ${actor.email}, ${entry.action}, ${entry.playerId ?? null}, ${entry.targetType ?? null},
            ${entry.targetId ?? null}, ${json(entry.before)}::jsonb, ${json(entry.after)}::jsonb,
            ${json(entry.details)}::jsonb, ${actor.ip?.slice(0, 64) ?? null}, ${actor.requestId?.slice(0, 64) ?? null})`);
}
