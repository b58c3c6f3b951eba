import { signToken } from "../../src/modules/identity/tokens/jwt.ts";
import type { TestContext } from "../helpers/build-test-app.ts";
import type { TestStaff } from "../helpers/staff-session.ts";
import { createSession } from "../identity/identity-helpers.ts";
import { createPlayer, type Player } from "../realtime/realtime-helpers.ts";

export type ChatPlayer = Player & { email: string; headers: { authorization: string } };

/** A player with a live session, its websocket token and a bearer access token for app.inject. */
export async function chatPlayer(ctx: TestContext): Promise<ChatPlayer> {
  const player = await createPlayer(ctx.database, ctx.app.env);
  const [user] = await ctx.database.query<{ email: string }>(`SELECT email FROM users WHERE guid = $1`, [
    player.userId,
  ]);
  const access = await signToken(ctx.app.env, {
    typ: "access",
    sessionId: player.sessionId,
    userId: player.userId,
    expiresAt: Math.floor(Date.now() / 1000) + 3600,
  });
  return { ...player, email: user!.email, headers: { authorization: `Bearer ${access}` } };
}

/** A visitor: an anonymous session from POST /session/create. */
export async function chatVisitor(
  ctx: TestContext,
): Promise<{ sessionId: string; headers: { authorization: string } }> {
  const { payload } = await createSession(ctx.app);
  const claims = JSON.parse(Buffer.from(payload.access_token.split(".")[1]!, "base64url").toString("utf8")) as {
    sid: string;
  };
  return { sessionId: claims.sid, headers: { authorization: `Bearer ${payload.access_token}` } };
}

/** A staff member shown as online to the widget, as if their console's socket were connected. */
export async function markOnline(ctx: TestContext, staff: TestStaff): Promise<string> {
  const socketId = `test-${crypto.randomUUID()}`;
  await ctx.database.query(
    `INSERT INTO chat_staff_presence (socket_id, staff_guid, staff_session_guid) VALUES ($1, $2, $3)`,
    [socketId, staff.staffId, staff.sessionId],
  );
  return socketId;
}

export async function clearPresence(ctx: TestContext): Promise<void> {
  await ctx.database.query(`DELETE FROM chat_staff_presence`);
}
