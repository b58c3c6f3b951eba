import { randomUUID } from "node:crypto";
import { errors, jwtVerify, SignJWT, type JWTPayload } from "jose";
import type { Env } from "../../../env.ts";
import { AppError } from "../../../lib/app-error.ts";

export type JwtEnv = Pick<Env, "JWT_SECRET" | "JWT_ISSUER" | "JWT_AUDIENCE">;
export type TokenType = "access" | "refresh" | "wss";

// Only HS256: a token announcing any other algorithm (none, RS256 with the secret as a public key, …) is refused.
const ALGORITHMS = ["HS256"];
export const WSS_TOKEN_TTL_SECONDS = 60;

const keyFor = (env: JwtEnv) => new TextEncoder().encode(env.JWT_SECRET);

type SignInput = {
  typ: TokenType;
  sessionId: string;
  userId: string | null;
  /** Absolute expiry, seconds since the epoch. */
  expiresAt: number;
  jti?: string;
};

export async function signToken(env: JwtEnv, input: SignInput): Promise<string> {
  const jwt = new SignJWT({ sid: input.sessionId, typ: input.typ })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setIssuer(env.JWT_ISSUER)
    .setAudience(env.JWT_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(input.expiresAt)
    .setJti(input.jti ?? randomUUID());
  if (input.userId) jwt.setSubject(input.userId);
  return jwt.sign(keyFor(env));
}

export type VerifiedToken = { sessionId: string; userId: string | null; jti: string; expiresAt: number };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Verifies signature, algorithm, iss, aud, exp and the token's purpose; throws a 401 AppError otherwise. */
export async function verifyToken(env: JwtEnv, token: string, typ: TokenType): Promise<VerifiedToken> {
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, keyFor(env), {
      algorithms: ALGORITHMS,
      issuer: env.JWT_ISSUER,
      audience: env.JWT_AUDIENCE,
      requiredClaims: ["exp", "iat", "jti"],
    }));
  } catch (error) {
    const expired = error instanceof errors.JWTExpired;
    throw new AppError("UNAUTHORIZED", expired ? "Your session has expired." : "Invalid token.");
  }
  const { sid, sub, jti, exp } = payload;
  if (payload.typ !== typ || typeof sid !== "string" || !UUID.test(sid) || typeof jti !== "string")
    throw new AppError("UNAUTHORIZED", "Invalid token.");
  if (sub !== undefined && !UUID.test(sub)) throw new AppError("UNAUTHORIZED", "Invalid token.");
  return { sessionId: sid, userId: sub ?? null, jti, expiresAt: exp! };
}

export type TokenPair = { access_token: string; refresh_token: string };

export async function issueTokenPair(
  env: JwtEnv & Pick<Env, "ACCESS_TOKEN_TTL_SECONDS">,
  input: { sessionId: string; userId: string | null; refreshJti: string; refreshExpiresAt: Date },
): Promise<TokenPair> {
  const now = Math.floor(Date.now() / 1000);
  const refreshExp = Math.floor(input.refreshExpiresAt.getTime() / 1000);
  return {
    // An access token never outlives its refresh token.
    access_token: await signToken(env, {
      typ: "access",
      sessionId: input.sessionId,
      userId: input.userId,
      expiresAt: Math.min(now + env.ACCESS_TOKEN_TTL_SECONDS, refreshExp),
    }),
    refresh_token: await signToken(env, {
      typ: "refresh",
      sessionId: input.sessionId,
      userId: input.userId,
      expiresAt: refreshExp,
      jti: input.refreshJti,
    }),
  };
}
