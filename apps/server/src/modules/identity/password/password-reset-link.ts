import { and, eq, isNull, sql } from "drizzle-orm";
import { authTokens } from "@croupier/db/schema/index";
import type { Db } from "@croupier/db/create-database";
import type { Env } from "../../../env.ts";
import { linkMail, type Mail } from "../../mail/mailer.ts";
import { hashSecret, newLinkSecret } from "../shared/secrets.ts";
import { sameSiteUrl } from "./password-recovery.ts";

const RESET_TTL_MINUTES = 60;

type Executor = Pick<Db, "update" | "insert">;

/**
 * A fresh single-use, one-hour password reset link for the player (older unused links stop working).
 * Shared by the player's own request (POST /password/token) and the back office's "send a password
 * reset"; the caller sends passwordResetMail after its transaction commits.
 */
export async function createPasswordResetLink(
  executor: Executor,
  env: Env,
  input: { userId: string; redirectUrl?: string | null },
): Promise<URL> {
  const secret = newLinkSecret();
  await executor
    .update(authTokens)
    .set({ used_at: sql`now()` })
    .where(
      and(eq(authTokens.user_guid, input.userId), eq(authTokens.purpose, "password_reset"), isNull(authTokens.used_at)),
    );
  await executor.insert(authTokens).values({
    purpose: "password_reset",
    user_guid: input.userId,
    token_hash: hashSecret(secret),
    expires_at: new Date(Date.now() + RESET_TTL_MINUTES * 60_000).toISOString(),
  });
  const link = sameSiteUrl(env, input.redirectUrl);
  link.searchParams.set("modal", "setNewPassword");
  link.searchParams.set("token", secret);
  return link;
}

/** The reset mail itself, the same whoever asked for it. */
export const passwordResetMail = (to: string, link: URL): Mail =>
  linkMail({
    to,
    subject: "Reset your password",
    intro: "Someone asked to reset the password of your account. The link works once, for one hour.",
    action: "Choose a new password",
    link: link.toString(),
    outro: "If it was not you, ignore this mail: your password stays as it is.",
  });
