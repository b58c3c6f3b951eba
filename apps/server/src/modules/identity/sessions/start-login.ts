import type { FastifyRequest } from "fastify";
import { eq, sql } from "drizzle-orm";
import { users } from "@croupier/db/schema/index";
import type { IdentityServices } from "../identity-services.ts";
import { defaultCountry } from "./default-country.ts";
import { describeClient } from "./describe-client.ts";
import { openSession, type OpenSessionResult } from "./open-session.ts";

/** Opens a session for the caller (anonymous when userId is null), describing the client for the session log. */
export async function startSession(
  services: IdentityServices,
  request: FastifyRequest,
  userId: string | null,
  loginType?: "password" | "magic_link" | "provider",
): Promise<OpenSessionResult> {
  const client = describeClient(request, services.env, await defaultCountry(services.db));
  const result = await openSession(services.db, services.env, { userId, client, current: request.auth });
  if (userId && loginType)
    await services.db.update(users).set({ login_type: loginType, updated_at: sql`now()` }).where(eq(users.guid, userId));
  return result;
}
