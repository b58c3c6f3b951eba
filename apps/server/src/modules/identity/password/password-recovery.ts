import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { authTokens, users } from "@croupier/db/schema/index";
import type { Env } from "../../../env.ts";
import { AppError } from "../../../lib/app-error.ts";
import { accountFailureKey, clearFailures } from "../authorization/attempt-limits.ts";
import { assertMailQuota } from "../authorization/login-codes.ts";
import type { IdentityServices } from "../identity-services.ts";
import { finishUserSessions } from "../sessions/finish-sessions.ts";
import { hashSecret } from "../shared/secrets.ts";
import { hashPassword, verifyPassword } from "./hash-password.ts";
import { assertPasswordPolicy } from "./password-policy.ts";
import { createPasswordResetLink, passwordResetMail } from "./password-reset-link.ts";

/** The page the link opens: the caller's redirect_url when it is on our own site, else the home page. */
export function sameSiteUrl(env: Env, redirectUrl: string | null | undefined): URL {
  const home = new URL("/", env.PUBLIC_URL);
  if (!redirectUrl) return home;
  try {
    const url = new URL(redirectUrl, home);
    return url.origin === home.origin ? url : home;
  } catch {
    return home;
  }
}

/** POST /password/token: mails a single-use, one-hour link to ?modal=setNewPassword&token=…; same answer for unknown addresses. */
export async function requestPasswordReset(
  services: IdentityServices,
  input: { email: string; redirectUrl?: string | null; ip: string },
): Promise<void> {
  const { db, env, mailer } = services;
  await assertMailQuota(services, input.email, input.ip);
  const [user] = await db.select({ guid: users.guid, email: users.email }).from(users).where(eq(sql`lower(${users.email})`, input.email));
  if (!user) return;
  const link = await createPasswordResetLink(db, env, { userId: user.guid, redirectUrl: input.redirectUrl });
  await mailer.send(passwordResetMail(user.email, link));
}

/** POST /password/reset: spends the token, sets the password and ends every session of the account. */
export async function resetPassword(services: IdentityServices, input: { token: string; newPassword: string }): Promise<void> {
  const { db } = services;
  const tokenHash = hashSecret(input.token);
  const [pending] = await db
    .select({ user_guid: authTokens.user_guid, email: users.email })
    .from(authTokens)
    .innerJoin(users, eq(users.guid, authTokens.user_guid))
    .where(and(eq(authTokens.token_hash, tokenHash), eq(authTokens.purpose, "password_reset"), isNull(authTokens.used_at), gt(authTokens.expires_at, sql`now()`)));
  if (!pending) throw new AppError("BAD_REQUEST", "This password reset link is invalid or has expired. Please request a new one.");
  assertPasswordPolicy(input.newPassword, pending.email, "body.new_password");
  const hash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(authTokens)
      .set({ used_at: sql`now()` })
      .where(and(eq(authTokens.token_hash, tokenHash), isNull(authTokens.used_at)))
      .returning({ guid: authTokens.guid });
    if (!spent) throw new AppError("BAD_REQUEST", "This password reset link is invalid or has expired. Please request a new one.");
    await tx
      .update(users)
      // Receiving the mail proves the address.
      .set({ password_hash: hash, passwordless: false, email_approved_at: sql`coalesce(${users.email_approved_at}, now())`, updated_at: sql`now()` })
      .where(eq(users.guid, pending.user_guid));
    await finishUserSessions(tx, { userId: pending.user_guid, reason: "password_reset" });
  });
  // The owner proved the mailbox and chose a new password: the guessers' pause no longer protects anything.
  await clearFailures(services.database, accountFailureKey(pending.email));
}

/** POST /password/update: checks the current password, sets the new one, ends the caller's other sessions. */
export async function updatePassword(
  services: IdentityServices,
  input: { userId: string; sessionId: string; currentPassword: string; newPassword: string },
): Promise<void> {
  const { db } = services;
  const [user] = await db.select({ hash: users.password_hash, email: users.email }).from(users).where(eq(users.guid, input.userId));
  if (!user) throw new AppError("UNAUTHORIZED", "Please log in to continue.");
  if (!(await verifyPassword(user.hash, input.currentPassword)))
    throw new AppError("VALIDATION_ERROR", "The current password is wrong.", {
      fields: [{ field: "body.current_password", message: "is wrong" }],
    });
  if (input.currentPassword === input.newPassword)
    throw new AppError("VALIDATION_ERROR", "The new password must differ from the current one.", {
      fields: [{ field: "body.new_password", message: "must differ from the current password" }],
    });
  assertPasswordPolicy(input.newPassword, user.email, "body.new_password");
  const hash = await hashPassword(input.newPassword);
  await db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: hash, passwordless: false, updated_at: sql`now()` }).where(eq(users.guid, input.userId));
    await finishUserSessions(tx, { userId: input.userId, reason: "password_changed", keepSessionId: input.sessionId });
  });
}
