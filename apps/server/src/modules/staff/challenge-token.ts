import { randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { AppError } from "../../lib/app-error.ts";
import type { StaffTokenEnv } from "./staff-token.ts";

// Between the password and the second factor the console holds a challenge token: 5 minutes, its
// own audience ("<JWT_AUDIENCE>:backoffice-challenge") and type, so it is never a staff token (the
// gate's verifier wants the ":backoffice" audience) and never a player's. It proves the password
// was right, nothing more.

export const CHALLENGE_TTL_S = 5 * 60;
export type ChallengeStep = "enrol" | "verify";

const audience = (env: StaffTokenEnv) => `${env.JWT_AUDIENCE}:backoffice-challenge`;
const keyFor = (env: StaffTokenEnv) => new TextEncoder().encode(env.JWT_SECRET);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function signChallengeToken(env: StaffTokenEnv, staffId: string, step: ChallengeStep): Promise<string> {
  return new SignJWT({ typ: "staff_challenge", step })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(env.JWT_ISSUER)
    .setAudience(audience(env))
    .setSubject(staffId)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + CHALLENGE_TTL_S)
    .setJti(randomUUID())
    .sign(keyFor(env));
}

/** The staff member the challenge was issued to, for the step it was issued for; 401 otherwise. */
export async function verifyChallengeToken(env: StaffTokenEnv, token: string, step: ChallengeStep): Promise<string> {
  const expired = new AppError("UNAUTHORIZED", "Your sign-in took too long. Please enter your password again.");
  let payload;
  try {
    ({ payload } = await jwtVerify(token, keyFor(env), {
      algorithms: ["HS256"],
      issuer: env.JWT_ISSUER,
      audience: audience(env),
      requiredClaims: ["exp", "iat", "jti", "sub"],
    }));
  } catch {
    throw expired;
  }
  if (
    payload.typ !== "staff_challenge" ||
    payload.step !== step ||
    typeof payload.sub !== "string" ||
    !UUID.test(payload.sub)
  )
    throw expired;
  return payload.sub;
}
