import { randomUUID } from "node:crypto";
import { errors, jwtVerify, SignJWT } from "jose";
import type { Env } from "../../env.ts";
import { AppError } from "../../lib/app-error.ts";

// Staff tokens (ADR 017): HS256 like the player's, but their own audience ("<JWT_AUDIENCE>:backoffice")
// and type ("staff"), so a player token is never a staff token and a staff token is never a player's:
// each side's verifier refuses the other's audience.

export type StaffTokenEnv = Pick<Env, "JWT_SECRET" | "JWT_ISSUER" | "JWT_AUDIENCE">;

export const staffAudience = (env: StaffTokenEnv) => `${env.JWT_AUDIENCE}:backoffice`;
const keyFor = (env: StaffTokenEnv) => new TextEncoder().encode(env.JWT_SECRET);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function signStaffToken(
  env: StaffTokenEnv,
  input: { sessionId: string; staffId: string; expiresAt: number },
): Promise<string> {
  return new SignJWT({ sid: input.sessionId, typ: "staff" })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(env.JWT_ISSUER)
    .setAudience(staffAudience(env))
    .setSubject(input.staffId)
    .setIssuedAt()
    .setExpirationTime(input.expiresAt)
    .setJti(randomUUID())
    .sign(keyFor(env));
}

export type VerifiedStaffToken = { sessionId: string; staffId: string };

export async function verifyStaffToken(env: StaffTokenEnv, token: string): Promise<VerifiedStaffToken> {
  let payload;
  try {
    ({ payload } = await jwtVerify(token, keyFor(env), {
      algorithms: ["HS256"],
      issuer: env.JWT_ISSUER,
      audience: staffAudience(env),
      requiredClaims: ["exp", "iat", "jti", "sub"],
    }));
  } catch (error) {
    const expired = error instanceof errors.JWTExpired;
    throw new AppError("UNAUTHORIZED", expired ? "Your back-office session has expired." : "Invalid token.");
  }
  const { sid, sub } = payload;
  if (
    payload.typ !== "staff" ||
    typeof sid !== "string" ||
    !UUID.test(sid) ||
    typeof sub !== "string" ||
    !UUID.test(sub)
  )
    throw new AppError("UNAUTHORIZED", "Invalid token.");
  return { sessionId: sid, staffId: sub };
}
