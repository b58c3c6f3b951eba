import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { authTokens, users } from "@croupier/db/schema/index";
import { AppError } from "../../../lib/app-error.ts";
import { linkMail } from "../../mail/mailer.ts";
import type { IdentityServices } from "../identity-services.ts";
import { sameSiteUrl } from "../password/password-recovery.ts";
import { hashSecret, newLinkSecret } from "../shared/secrets.ts";

const APPROVAL_TTL_HOURS = 48;

/** Mails the approval link /?token=… (single use, 48 h). */
export async function sendEmailApproval(
  services: IdentityServices,
  input: { userId: string; email: string; redirectUrl: string | null | undefined },
): Promise<void> {
  const { db, env, mailer } = services;
  const secret = newLinkSecret();
  await db.insert(authTokens).values({
    purpose: "email_verify",
    user_guid: input.userId,
    token_hash: hashSecret(secret),
    expires_at: new Date(Date.now() + APPROVAL_TTL_HOURS * 3_600_000).toISOString(),
  });
  const link = sameSiteUrl(env, input.redirectUrl);
  link.searchParams.set("token", secret);
  await mailer.send(
    linkMail({
      to: input.email,
      subject: "Confirm your email address",
      intro: "Please confirm that this is your email address.",
      action: "Confirm my email",
      link: link.toString(),
      outro: `The link works once, for ${APPROVAL_TTL_HOURS} hours.`,
    }),
  );
}

/** POST /signup/request: resends the approval mail; the same answer for any address. */
export async function requestEmailApproval(
  services: IdentityServices,
  input: { email: string; redirectUrl?: string | null },
): Promise<void> {
  const [user] = await services.db
    .select({ guid: users.guid, email: users.email, approved: users.email_approved_at })
    .from(users)
    .where(eq(sql`lower(${users.email})`, input.email));
  if (!user || user.approved) return;
  await sendEmailApproval(services, { userId: user.guid, email: user.email, redirectUrl: input.redirectUrl });
}

/** POST /signup/verify: spends the token and sets email_approved_at. */
export async function verifyEmail(services: IdentityServices, token: string): Promise<void> {
  const { db } = services;
  await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(authTokens)
      .set({ used_at: sql`now()` })
      .where(
        and(
          eq(authTokens.token_hash, hashSecret(token)),
          eq(authTokens.purpose, "email_verify"),
          isNull(authTokens.used_at),
          gt(authTokens.expires_at, sql`now()`),
        ),
      )
      .returning({ user_guid: authTokens.user_guid });
    if (!spent) throw new AppError("BAD_REQUEST", "This confirmation link is invalid or has expired.");
    await tx
      .update(users)
      .set({ email_approved_at: sql`coalesce(${users.email_approved_at}, now())`, updated_at: sql`now()` })
      .where(eq(users.guid, spent.user_guid));
  });
}
