import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { authTokens, users } from "@croupier/db/schema/index";
import type { Env } from "../../../env.ts";
import { AppError } from "../../../lib/app-error.ts";
import { linkMail } from "../../mail/mailer.ts";
import type { IdentityServices } from "../identity-services.ts";
import { assertLoginAllowed } from "../sessions/assert-login-allowed.ts";
import { hashSecret, newLoginCode, normalizeLoginCode } from "../shared/secrets.ts";
import { accountFailureKey, assertNotLocked, clearFailures, consumeQuota, lockedMessage, recordFailure } from "./attempt-limits.ts";

const CODE_TTL_MINUTES = 15;
const CODE_MAX_ATTEMPTS = 5;
const MAIL_QUOTA = { max: 5, minutes: 15 };
const MAIL_IP_QUOTA = { max: 30, minutes: 15 };

export const appUrl = (env: Env, query: Record<string, string>) => {
  const url = new URL("/", env.PUBLIC_URL);
  for (const [k, v] of Object.entries(query)) url.searchParams.set(k, v);
  return url.toString();
};

/** Per address and per IP quotas on every call that sends mail. */
export async function assertMailQuota(services: IdentityServices, email: string, ip: string): Promise<void> {
  const what = "Too many emails requested.";
  await consumeQuota(services.database, `mail:${email}`, MAIL_QUOTA, what);
  await consumeQuota(services.database, `mail-ip:${ip}`, MAIL_IP_QUOTA, what);
}

/**
 * Mails a magic link (/?magic_link=CODE) and the code itself. The answer is the same whether
 * or not the address has an account; an unknown address gets a mail saying so instead.
 */
export async function requestLoginCode(services: IdentityServices, input: { email: string; ip: string }): Promise<void> {
  const { db, env, mailer } = services;
  await assertMailQuota(services, input.email, input.ip);
  const [user] = await db
    .select({ guid: users.guid, email: users.email, status: users.status })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email));
  if (!user || user.status === "locked") {
    await mailer.send({
      to: input.email,
      subject: "Your login request",
      text: `Someone asked to log in to ${new URL(env.PUBLIC_URL).host} with this address, but there is no active account for it. If it was you, sign up at ${appUrl(env, { modal: "register" })}.`,
    });
    return;
  }
  const code = newLoginCode();
  // A new code replaces the older ones: only the latest mail works.
  await db
    .update(authTokens)
    .set({ used_at: sql`now()` })
    .where(and(eq(authTokens.user_guid, user.guid), eq(authTokens.purpose, "magic_link"), isNull(authTokens.used_at)));
  await db.insert(authTokens).values({
    purpose: "magic_link",
    user_guid: user.guid,
    token_hash: hashSecret(code),
    expires_at: new Date(Date.now() + CODE_TTL_MINUTES * 60_000).toISOString(),
  });
  await mailer.send(
    linkMail({
      to: user.email,
      subject: "Your login link",
      intro: `Your login code is ${code}. It works once, for ${CODE_TTL_MINUTES} minutes.`,
      action: "Log in",
      link: appUrl(env, { magic_link: code }),
      outro: "If you did not ask for it, ignore this mail.",
    }),
  );
}

/**
 * Spends a login code. Wrong codes count against the IP, and, when the email is given, against
 * that account's code, which dies after 5 wrong tries.
 */
export async function loginWithCode(
  services: IdentityServices,
  input: { token: string; email?: string; ip: string },
): Promise<string> {
  const { db, database } = services;
  const ipKey = `code-ip:${input.ip}`;
  const what = "Too many wrong codes.";
  await assertNotLocked(database, ipKey, what);
  const [spent] = await db
    .update(authTokens)
    .set({ used_at: sql`now()` })
    .where(
      and(
        eq(authTokens.token_hash, hashSecret(normalizeLoginCode(input.token))),
        eq(authTokens.purpose, "magic_link"),
        isNull(authTokens.used_at),
        gt(authTokens.expires_at, sql`now()`),
        sql`${authTokens.attempts} < ${CODE_MAX_ATTEMPTS}`,
      ),
    )
    .returning({ user_guid: authTokens.user_guid });
  if (!spent) {
    if (input.email) {
      const [user] = await db.select({ guid: users.guid }).from(users).where(eq(sql`lower(${users.email})`, input.email));
      if (user) {
        const [latest] = await db
          .select({ guid: authTokens.guid })
          .from(authTokens)
          .where(and(eq(authTokens.user_guid, user.guid), eq(authTokens.purpose, "magic_link"), isNull(authTokens.used_at)))
          .orderBy(desc(authTokens.created_at))
          .limit(1);
        if (latest)
          await db.update(authTokens).set({ attempts: sql`${authTokens.attempts} + 1` }).where(eq(authTokens.guid, latest.guid));
      }
    }
    const lock = await recordFailure(database, ipKey, { max: 10, minutes: 30 });
    if (lock) throw new AppError("RATE_LIMITED", lockedMessage(what, lock));
    throw new AppError("BAD_REQUEST", "This login code is invalid or has expired. Please request a new one.");
  }
  await clearFailures(database, ipKey);
  const [user] = await db.select({ email: users.email }).from(users).where(eq(users.guid, spent.user_guid));
  await assertLoginAllowed(services, spent.user_guid);
  // The mailed code proves the owner: password login resumes (the pause is for guessers).
  if (user) await clearFailures(database, accountFailureKey(user.email));
  // Opening the mailed link proves the address.
  await db
    .update(users)
    .set({ email_approved_at: sql`coalesce(${users.email_approved_at}, now())`, updated_at: sql`now()` })
    .where(eq(users.guid, spent.user_guid));
  return spent.user_guid;
}
