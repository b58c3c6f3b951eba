import type { FastifyRequest } from "fastify";
import { AppError } from "./app-error.ts";

// What the auth plugin leaves on a request, and the guards routes use on it. They live here, not
// in the plugin, so identity's routes can use them while the plugin uses identity: the
// dependency runs one way (plugins → modules → lib).

/** Who is calling. Filled from the bearer access token by the auth plugin. */
export type AuthContext = { sessionId: string; userId: string | null };

declare module "fastify" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    auth: AuthContext | null;
    /** Why a presented bearer token was refused; requirePlayer/requireSession answer 401 with it. */
    authError?: AppError;
  }
}

const unauthorized = (request: FastifyRequest) =>
  request.authError ?? new AppError("UNAUTHORIZED", "Please log in to continue.");

/** preHandler for calls that need a logged-in player: 401 envelope otherwise. */
export async function requirePlayer(request: FastifyRequest): Promise<void> {
  if (!request.auth?.userId) throw unauthorized(request);
}

/** preHandler for calls that need any live session, anonymous included. */
export async function requireSession(request: FastifyRequest): Promise<void> {
  if (!request.auth) throw unauthorized(request);
}

/** The caller's user id; only valid after requirePlayer ran. */
export function playerId(request: FastifyRequest): string {
  const id = request.auth?.userId;
  if (!id) throw unauthorized(request);
  return id;
}
