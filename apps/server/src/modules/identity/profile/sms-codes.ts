import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import { smsCodes, users } from "@croupier/db/schema/index";
import { AppError } from "../../../lib/app-error.ts";
import type { IdentityServices } from "../identity-services.ts";
import { hashSecret, newSmsCode } from "../shared/secrets.ts";

const CODE_TTL_SECONDS = 300;
const RESEND_COOLDOWN_SECONDS = 60;
const MAX_ATTEMPTS = 5;

/** /profile/sms-code/request and /resend: a 6-digit code to the profile's phone, at most one a minute. */
export async function sendSmsCode(services: IdentityServices, userId: string): Promise<void> {
  const { db, sms } = services;
  const [user] = await db
    .select({ code: users.phone_code, number: users.phone_number, verified: users.is_phone_verified })
    .from(users)
    .where(eq(users.guid, userId));
  if (!user?.number)
    throw new AppError("VALIDATION_ERROR", "Add a phone number to your profile first.", { fields: [{ field: "phone", message: "is required" }] });
  if (user.verified) throw new AppError("CONFLICT", "Your phone number is already verified.");
  const [last] = await db
    .select({ created_at: smsCodes.created_at })
    .from(smsCodes)
    .where(eq(smsCodes.user_guid, userId))
    .orderBy(desc(smsCodes.created_at))
    .limit(1);
  if (last) {
    const wait = RESEND_COOLDOWN_SECONDS - Math.floor((Date.now() - new Date(last.created_at).getTime()) / 1000);
    if (wait > 0) throw new AppError("RATE_LIMITED", `Please wait ${wait} seconds before asking for a new code.`);
  }
  const phone = `+${user.code ?? ""}${user.number}`;
  const code = newSmsCode();
  await db.update(smsCodes).set({ used_at: sql`now()` }).where(and(eq(smsCodes.user_guid, userId), isNull(smsCodes.used_at)));
  await db.insert(smsCodes).values({
    user_guid: userId,
    phone,
    code_hash: hashSecret(`${userId}:${code}`),
    expires_at: new Date(Date.now() + CODE_TTL_SECONDS * 1000).toISOString(),
  });
  await sms.send(phone, `Your verification code is ${code}. It expires in 5 minutes.`);
}

/** /profile/sms-code/verify: the latest code, 5 minutes, 5 attempts; sets is_phone_verified. */
export async function verifySmsCode(services: IdentityServices, userId: string, code: string): Promise<void> {
  const { db } = services;
  const [pending] = await db
    .select()
    .from(smsCodes)
    .where(and(eq(smsCodes.user_guid, userId), isNull(smsCodes.used_at), gt(smsCodes.expires_at, sql`now()`)))
    .orderBy(desc(smsCodes.created_at))
    .limit(1);
  if (!pending || pending.attempts >= MAX_ATTEMPTS)
    throw new AppError("BAD_REQUEST", "The code has expired. Please ask for a new one.");
  if (pending.code_hash !== hashSecret(`${userId}:${code}`)) {
    await db.update(smsCodes).set({ attempts: sql`${smsCodes.attempts} + 1` }).where(eq(smsCodes.guid, pending.guid));
    const left = MAX_ATTEMPTS - pending.attempts - 1;
    throw new AppError("VALIDATION_ERROR", left > 0 ? `Wrong code. ${left} attempt${left === 1 ? "" : "s"} left.` : "Wrong code. Please ask for a new one.", {
      fields: [{ field: "body.code", message: "is wrong" }],
    });
  }
  await db.transaction(async (tx) => {
    const [spent] = await tx
      .update(smsCodes)
      .set({ used_at: sql`now()` })
      .where(and(eq(smsCodes.guid, pending.guid), isNull(smsCodes.used_at)))
      .returning({ phone: smsCodes.phone });
    if (!spent) throw new AppError("BAD_REQUEST", "The code has expired. Please ask for a new one.");
    await tx.update(users).set({ is_phone_verified: true, updated_at: sql`now()` }).where(eq(users.guid, userId));
  });
}
