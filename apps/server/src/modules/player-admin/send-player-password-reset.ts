import { sql } from "drizzle-orm";
import type { Db } from "@croupier/db/create-database";
import type { PasswordResetResult } from "@croupier/contract/backoffice/players";
import type { Env } from "../../env.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { queryRows } from "../../lib/sql-executor.ts";
import { createPasswordResetLink, passwordResetMail } from "../identity/password/password-reset-link.ts";
import type { Mailer } from "../mail/mailer.ts";
import { recordAudit, type AuditActor } from "../staff/record-audit.ts";

// A second click within this window would only replace the link the player was just sent.
const RESEND_PAUSE_SECONDS = 60;

/**
 * POST /players/:id/password-reset: mails the player identity's own password reset link. The link
 * and the audit entry commit together; the mail goes after the commit (the dev mailer writes to the
 * database too, and a mail must never point at a link that was rolled back).
 */
export async function sendPlayerPasswordReset(
  services: { db: Db; env: Env; mailer: Mailer },
  actor: AuditActor,
  playerId: string,
): Promise<PasswordResetResult> {
  const { db, env, mailer } = services;
  const sent = await db.transaction(async (tx) => {
    const [player] = await queryRows<{ email: string; recent: boolean }>(
      tx,
      sql`
        SELECT u.email, EXISTS (SELECT 1 FROM auth_tokens t
                                 WHERE t.user_guid = u.guid AND t.purpose = 'password_reset' AND t.used_at IS NULL
                                   AND t.created_at > now() - make_interval(secs => ${RESEND_PAUSE_SECONDS})) AS recent
          FROM users u WHERE u.guid = ${playerId} FOR UPDATE`,
    );
    if (!player) throw notFound("No player with this id.");
    if (player.recent)
      throw new AppError("CONFLICT", "A password reset mail was sent to this player less than a minute ago.");
    const link = await createPasswordResetLink(tx, env, { userId: playerId });
    // Never the link: it is the player's secret.
    await recordAudit(tx, actor, {
      action: "player.password_reset",
      playerId,
      targetType: "player",
      targetId: playerId,
      details: { mailed_to: player.email },
    });
    return { email: player.email, link };
  });
  await mailer.send(passwordResetMail(sent.email, sent.link));
  return { sent_to: sent.email };
}
