import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { smsLoginCodes } from "@croupier/db/schema/index";
import { SMS_LOGIN_CODE_TTL_SECONDS, type SmsLoginCodeRequestBody } from "@croupier/contract/entities/sms-login";
import { consumeQuota } from "../identity/authorization/attempt-limits.ts";
import type { IdentityServices } from "../identity/identity-services.ts";
import { hashSecret, newSmsCode } from "../identity/shared/secrets.ts";
import { findVerifiedPhoneOwner, phoneDigits } from "./find-verified-phone-owner.ts";
import { maskPhone } from "./mask-phone.ts";

const PHONE_QUOTA = { max: 3, minutes: 15 };
const IP_QUOTA = { max: 10, minutes: 15 };
const RESEND_COOLDOWN_SECONDS = 60;

/** The hash a login code is kept under: bound to the player and to this purpose (phone verification's differ). */
export const smsLoginCodeHash = (userId: string, code: string) => hashSecret(`sms-login:${userId}:${code}`);

/**
 * Texts a login code to the number when it is the verified phone of exactly one active account.
 * The caller always gets the same answer, whether or not a code was sent (no account enumeration);
 * the quotas count every request per number and per address, so they tell nothing either. A code
 * asked for within a minute of the last one is not sent again. A new code ends the older ones.
 */
export async function requestSmsLoginCode(
  services: IdentityServices,
  input: SmsLoginCodeRequestBody & { ip: string },
  log: { warn: (obj: object, msg: string) => void },
): Promise<void> {
  const { db, database, sms } = services;
  const what = "Too many login codes requested.";
  await consumeQuota(database, `sms-login:${phoneDigits(input.phone)}`, PHONE_QUOTA, what);
  await consumeQuota(database, `sms-login-ip:${input.ip}`, IP_QUOTA, what);
  const userId = await findVerifiedPhoneOwner(db, input.phone);
  if (!userId) return;
  const [last] = await db
    .select({ created_at: smsLoginCodes.created_at })
    .from(smsLoginCodes)
    .where(eq(smsLoginCodes.user_guid, userId))
    .orderBy(desc(smsLoginCodes.created_at))
    .limit(1);
  if (last && Date.now() - new Date(last.created_at).getTime() < RESEND_COOLDOWN_SECONDS * 1000) return;
  const code = newSmsCode();
  await db.transaction(async (tx) => {
    await tx
      .update(smsLoginCodes)
      .set({ used_at: sql`now()` })
      .where(and(eq(smsLoginCodes.user_guid, userId), isNull(smsLoginCodes.used_at)));
    await tx.insert(smsLoginCodes).values({
      user_guid: userId,
      code_hash: smsLoginCodeHash(userId, code),
      expires_at: sql`now() + make_interval(secs => ${SMS_LOGIN_CODE_TTL_SECONDS})`,
    });
  });
  const to = `+${phoneDigits(input.phone)}`;
  // Sent in the background: waiting for the gateway would make a known number answer later than an
  // unknown one (enumeration by timing). A failed send is logged; the player can ask again in a minute.
  void sms
    .send(to, `Your login code is ${code}. It expires in 5 minutes. Never share it: we will never ask you for it.`)
    .catch(() => log.warn({ to: maskPhone(to) }, "SMS login code not sent"));
}
