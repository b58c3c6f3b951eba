import type { FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error.ts";

/** Who is calling. Filled from the bearer access token by the identity module. */
export type AuthContext = { sessionId: string; userId: string | null };

declare module "fastify" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** preHandler for calls that need a logged-in player: 401 envelope otherwise. */
export async function requirePlayer(request: FastifyRequest): Promise<void> {
  if (!request.auth?.userId) throw new AppError("UNAUTHORIZED", "Please log in to continue.");
}

/** The caller's user id; only valid after requirePlayer ran. */
export function playerId(request: FastifyRequest): string {
  const id = request.auth?.userId;
  if (!id) throw new AppError("UNAUTHORIZED", "Please log in to continue.");
  return id;
}
