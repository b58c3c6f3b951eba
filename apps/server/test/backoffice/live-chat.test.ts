import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { STAFF_ROLES, roleCan } from "@croupier/contract/staff-permissions";
import { buildTestApp, type TestContext } from "../helpers/build-test-app.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";
import { outbox } from "../identity/identity-helpers.ts";
import { chatPlayer, chatVisitor, clearPresence, markOnline } from "./live-chat-helpers.ts";

let ctx: TestContext;
let support: TestStaff;

beforeAll(async () => {
  ctx = await buildTestApp();
  support = await createTestStaff(ctx, "support");
});
afterAll(async () => {
  await ctx?.close();
});
beforeEach(async () => {
  await clearPresence(ctx);
});

type Headers = { authorization: string };
// Every call from its own address, so the per-address limit only bites where a test means it to.
const randomAddress = () => `10.${[0, 0, 0].map(() => Math.floor(Math.random() * 250) + 1).join(".")}`;
const api = async (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: Headers, payload?: unknown) => {
  const res = await ctx.app.inject({
    method,
    url,
    headers,
    payload: payload as object | undefined,
    remoteAddress: randomAddress(),
  });
  return { status: res.statusCode, body: res.json() };
};
const player = (method: "GET" | "POST", path: string, headers: Headers, payload?: unknown) =>
  api(method, `/api/v1${path}`, headers, payload);
const staffApi = (method: "GET" | "POST" | "PUT" | "DELETE", path: string, staff: TestStaff, payload?: unknown) =>
  api(method, `/api/backoffice/v1${path}`, staff.headers, payload);
const auditCount = async (action: string, targetId: string) => {
  const [row] = await ctx.database.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM staff_audit_log WHERE action = $1 AND target_id = $2`,
    [action, targetId],
  );
  return Number(row!.n);
};

describe("live chat: the player's side", () => {
  it("keeps a player's conversation across sessions, counts unread staff messages and clears them on read", async () => {
    await markOnline(ctx, support);
    const alice = await chatPlayer(ctx);
    const empty = await player("GET", "/chat/conversation", alice.headers);
    expect(empty.body.payload).toEqual({ conversation: null, messages: [], staff_online: true, email: alice.email });

    const sent = await player("POST", "/chat/messages", alice.headers, { text: "  Hello, my deposit is late  " });
    expect(sent.status).toBe(200);
    expect(sent.body.payload).toMatchObject({
      staff_online: true,
      offline: false,
      message: { author: "player", text: "Hello, my deposit is late", staff_name: null },
    });
    const conversationId = sent.body.payload.conversation_id as string;

    const reply = await staffApi("POST", `/chat/conversations/${conversationId}/messages`, support, {
      text: "Let me check.",
    });
    expect(reply.status).toBe(200);
    expect(reply.body.payload).toMatchObject({ author: "staff", text: "Let me check.", staff_name: "Test support" });

    // Another device: a new login session of the same player sees the same history.
    const { addSession } = await import("../realtime/realtime-helpers.ts");
    const other = await addSession(ctx.database, ctx.app.env, alice);
    const { signToken } = await import("../../src/modules/identity/tokens/jwt.ts");
    const access = await signToken(ctx.app.env, {
      typ: "access",
      sessionId: other.sessionId,
      userId: alice.userId,
      expiresAt: Math.floor(Date.now() / 1000) + 600,
    });
    const view = await player("GET", "/chat/conversation", { authorization: `Bearer ${access}` });
    expect(view.body.payload.conversation).toMatchObject({ id: conversationId, status: "open", unread: 1 });
    expect(view.body.payload.messages.map((m: { text: string }) => m.text)).toEqual([
      "Hello, my deposit is late",
      "Let me check.",
    ]);

    expect((await player("POST", "/chat/read", alice.headers)).body.payload).toEqual({ unread: 0 });
    expect((await player("GET", "/chat/conversation", alice.headers)).body.payload.conversation.unread).toBe(0);

    // Replying took the unassigned conversation, and that is audited.
    expect(await auditCount("chat.assign", conversationId)).toBe(1);
  });

  it("gives a visitor a conversation of their anonymous session, invisible to other visitors", async () => {
    await markOnline(ctx, support);
    const visitor = await chatVisitor(ctx);
    const sent = await player("POST", "/chat/messages", visitor.headers, { text: "Do you accept bitcoin?" });
    expect(sent.status).toBe(200);
    const view = await player("GET", "/chat/conversation", visitor.headers);
    expect(view.body.payload).toMatchObject({ email: null, conversation: { id: sent.body.payload.conversation_id } });
    const stranger = await chatVisitor(ctx);
    expect((await player("GET", "/chat/conversation", stranger.headers)).body.payload.conversation).toBeNull();

    const inbox = await staffApi("GET", "/chat/conversations?view=unassigned", support);
    const row = inbox.body.payload.items.find((item: { id: string }) => item.id === sent.body.payload.conversation_id);
    expect(row).toMatchObject({ player_id: null, label: expect.stringMatching(/^Visitor /), unread: 1 });
  });

  it("lets a visitor who signs up keep their conversation, and nobody else take it", async () => {
    await markOnline(ctx, support);
    const visitor = await chatVisitor(ctx);
    const sent = await player("POST", "/chat/messages", visitor.headers, { text: "Can I play from Canada?" });
    const conversationId = sent.body.payload.conversation_id as string;

    // While the visitor's session lives, a player cannot take the conversation.
    const other = await chatPlayer(ctx);
    expect(
      (await player("POST", "/chat/claim", other.headers, { conversation_id: conversationId })).body.payload,
    ).toEqual({ claimed: false });

    const currencies = await ctx.app.inject({ method: "GET", url: "/api/v1/dictionary/currencies" });
    const usd = (currencies.json().payload as { guid: string; code: string }[]).find((c) => c.code === "USD")!;
    const signup = await ctx.app.inject({
      method: "POST",
      url: "/api/v1/signup",
      headers: visitor.headers,
      payload: {
        email: `chat-${crypto.randomUUID()}@example.test`,
        password: "correct-horse-9",
        currency_guid: usd.guid,
      },
    });
    expect(signup.statusCode).toBe(200);
    const headers = { authorization: `Bearer ${signup.json().payload.access_token as string}` };
    expect((await player("POST", "/chat/claim", headers, { conversation_id: conversationId })).body.payload).toEqual({
      claimed: true,
    });
    const view = await player("GET", "/chat/conversation", headers);
    expect(view.body.payload.conversation.id).toBe(conversationId);
    expect(view.body.payload.messages.map((m: { text: string }) => m.text)).toEqual(["Can I play from Canada?"]);
    // Claimed once: it is no longer a visitor's.
    expect(
      (await player("POST", "/chat/claim", other.headers, { conversation_id: conversationId })).body.payload,
    ).toEqual({ claimed: false });
    // Visitors cannot claim at all.
    expect(
      (await player("POST", "/chat/claim", (await chatVisitor(ctx)).headers, { conversation_id: conversationId }))
        .status,
    ).toBe(401);
  });

  it("refuses calls without a session, empty or too long messages, and control characters, naming the field", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/v1/chat/conversation" })).statusCode).toBe(401);
    await markOnline(ctx, support);
    const bob = await chatPlayer(ctx);
    for (const text of ["   ", "x".repeat(2001), "bad\u0000byte"]) {
      const res = await player("POST", "/chat/messages", bob.headers, { text });
      expect(res.status, text.slice(0, 10)).toBe(400);
      expect(res.body.payload.code).toBe("VALIDATION_ERROR");
      expect(res.body.payload.fields[0].field).toBe("body.text");
    }
    expect((await player("POST", "/chat/messages", bob.headers, { text: "x".repeat(2000) })).status).toBe(200);
    const [row] = await ctx.database.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM chat_messages m JOIN chat_conversations c ON c.guid = m.conversation_guid WHERE c.user_guid = $1`,
      [bob.userId],
    );
    expect(Number(row!.n)).toBe(1);
  });

  it("limits a player to 10 messages a minute, writing nothing past the limit", async () => {
    await markOnline(ctx, support);
    const carol = await chatPlayer(ctx);
    for (let i = 0; i < 10; i += 1)
      expect((await player("POST", "/chat/messages", carol.headers, { text: `message ${i}` })).status).toBe(200);
    const refused = await player("POST", "/chat/messages", carol.headers, { text: "one too many" });
    expect(refused.status).toBe(429);
    expect(refused.body.payload.code).toBe("RATE_LIMITED");
    const view = await player("GET", "/chat/conversation", carol.headers);
    expect(view.body.payload.messages).toHaveLength(10);
  });

  it("limits one address across visitor sessions to 30 messages a minute", async () => {
    await markOnline(ctx, support);
    let refused = 0;
    for (let visitorIndex = 0; visitorIndex < 4; visitorIndex += 1) {
      const visitor = await chatVisitor(ctx);
      for (let i = 0; i < 9; i += 1) {
        const res = await ctx.app.inject({
          method: "POST",
          url: "/api/v1/chat/messages",
          headers: visitor.headers,
          payload: { text: `spam ${i}` },
          remoteAddress: "203.0.113.77",
        });
        if (res.statusCode === 429) refused += 1;
        else expect(res.statusCode).toBe(200);
      }
    }
    expect(refused).toBe(36 - 30);
  });

  it("takes an offline message with an email when nobody is online, and staff answer it by email (audited)", async () => {
    const dave = await chatVisitor(ctx);
    const view = await player("GET", "/chat/conversation", dave.headers);
    expect(view.body.payload.staff_online).toBe(false);

    const noEmail = await player("POST", "/chat/messages", dave.headers, { text: "Anyone there?" });
    expect(noEmail.status).toBe(400);
    expect(noEmail.body.payload.fields).toEqual([{ field: "body.email", message: expect.any(String) }]);
    const badEmail = await player("POST", "/chat/messages", dave.headers, { text: "Anyone there?", email: "nope" });
    expect(badEmail.body.payload.fields[0].field).toBe("body.email");

    const sent = await player("POST", "/chat/messages", dave.headers, {
      text: "Anyone there?",
      email: "dave@example.test",
    });
    expect(sent.body.payload).toMatchObject({ offline: true, staff_online: false });
    const conversationId = sent.body.payload.conversation_id as string;

    const detail = await staffApi("GET", `/chat/conversations/${conversationId}`, support);
    expect(detail.body.payload.conversation).toMatchObject({ offline: true, offline_email: "dave@example.test" });
    // The inbox list flags it but does not carry the address (no bulk read of emails).
    const list = await staffApi("GET", "/chat/conversations?view=unassigned&per_page=100", support);
    const row = list.body.payload.items.find((item: { id: string }) => item.id === conversationId);
    expect(row).toMatchObject({ offline: true, offline_email: null });

    const answer = await staffApi("POST", `/chat/conversations/${conversationId}/email-reply`, support, {
      text: "Yes: we answer within a day.",
    });
    expect(answer.status).toBe(200);
    expect(answer.body.payload).toMatchObject({ channel: "email", author: "staff" });
    const mails = await outbox(ctx.app, "dave@example.test");
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain("Yes: we answer within a day.");
    expect(await auditCount("chat.email_reply", conversationId)).toBe(1);
    const [entry] = await ctx.database.query<{ details: unknown }>(
      `SELECT details FROM staff_audit_log WHERE action = 'chat.email_reply' AND target_id = $1`,
      [conversationId],
    );
    expect(JSON.stringify(entry!.details)).not.toContain("dave@example.test");
    // The visitor's widget has the answer too.
    const after = await player("GET", "/chat/conversation", dave.headers);
    expect(after.body.payload.messages.at(-1)).toMatchObject({
      channel: "email",
      text: "Yes: we answer within a day.",
    });
  });

  it("writes chat_message for the player and chat_inbox_changed for the console in the sender's transaction", async () => {
    await markOnline(ctx, support);
    const erin = await chatPlayer(ctx);
    const sent = await player("POST", "/chat/messages", erin.headers, { text: "ping" });
    const events = await ctx.database.query<{
      type: string;
      user_guid: string | null;
      payload: { conversation_id: string };
    }>(`SELECT type, user_guid, payload FROM outbox_events WHERE payload->>'conversation_id' = $1 ORDER BY id`, [
      sent.body.payload.conversation_id,
    ]);
    expect(events.map((e) => [e.type, e.user_guid])).toEqual([
      ["chat_message", erin.userId],
      ["chat_inbox_changed", null],
    ]);
  });
});

describe("live chat: the console's inbox", () => {
  it("sorts conversations into unassigned, mine and closed with counts, and audits assign, close and reopen", async () => {
    await markOnline(ctx, support);
    const me = await createTestStaff(ctx, "support");
    const frank = await chatPlayer(ctx);
    const sent = await player("POST", "/chat/messages", frank.headers, { text: "Help with a bonus" });
    const id = sent.body.payload.conversation_id as string;

    const before = await staffApi("GET", "/chat/conversations?view=mine", me);
    expect(before.body.payload.items).toEqual([]);
    expect(before.body.payload.counts.unassigned.unread).toBeGreaterThanOrEqual(1);

    const assigned = await staffApi("POST", `/chat/conversations/${id}/assign`, me, {});
    expect(assigned.body.payload).toMatchObject({
      assigned_staff_id: me.staffId,
      assigned_staff_name: "Test support",
      player_id: frank.userId,
    });
    const mine = await staffApi("GET", "/chat/conversations?view=mine", me);
    expect(mine.body.payload.items.map((c: { id: string }) => c.id)).toEqual([id]);
    expect(mine.body.payload.counts.mine).toEqual({ total: 1, unread: 1 });

    await staffApi("POST", `/chat/conversations/${id}/read`, me);
    expect((await staffApi("GET", "/chat/conversations?view=mine", me)).body.payload.counts.mine).toEqual({
      total: 1,
      unread: 0,
    });

    const closed = await staffApi("POST", `/chat/conversations/${id}/close`, me);
    expect(closed.body.payload.status).toBe("closed");
    const closedTab = await staffApi("GET", "/chat/conversations?view=closed", me);
    expect(closedTab.body.payload.items.map((c: { id: string }) => c.id)).toContain(id);
    const refused = await staffApi("POST", `/chat/conversations/${id}/messages`, me, { text: "late" });
    expect(refused.status).toBe(409);

    // The player sees the closing note; writing again starts a new conversation.
    const view = await player("GET", "/chat/conversation", frank.headers);
    expect(view.body.payload.conversation.status).toBe("closed");
    expect(view.body.payload.messages.at(-1).author).toBe("system");
    const again = await player("POST", "/chat/messages", frank.headers, { text: "One more thing" });
    expect(again.body.payload.conversation_id).not.toBe(id);
    // Reopening the old one now would make two open conversations.
    expect((await staffApi("POST", `/chat/conversations/${id}/reopen`, me)).status).toBe(409);
    await staffApi("POST", `/chat/conversations/${again.body.payload.conversation_id}/close`, me);
    expect((await staffApi("POST", `/chat/conversations/${id}/reopen`, me)).body.payload.status).toBe("open");

    expect(await auditCount("chat.assign", id)).toBe(1);
    expect(await auditCount("chat.close", id)).toBe(1);
    expect(await auditCount("chat.reopen", id)).toBe(1);
  });

  it("refuses assigning to a staff member who cannot answer chats, and unknown conversations", async () => {
    const finance = await createTestStaff(ctx, "finance");
    await markOnline(ctx, support);
    const gina = await chatPlayer(ctx);
    const id = (await player("POST", "/chat/messages", gina.headers, { text: "hi" })).body.payload.conversation_id;
    const res = await staffApi("POST", `/chat/conversations/${id}/assign`, support, { staff_id: finance.staffId });
    expect(res.status).toBe(400);
    expect(res.body.payload.fields[0].field).toBe("body.staff_id");
    expect((await staffApi("GET", `/chat/conversations/${crypto.randomUUID()}`, support)).status).toBe(404);
    expect((await staffApi("GET", `/chat/conversations/not-a-uuid`, support)).body.payload.fields[0].field).toBe(
      "params.id",
    );
    expect((await staffApi("GET", `/chat/conversations?per_page=101`, support)).body.payload.fields[0].field).toBe(
      "query.per_page",
    );
  });

  it("keeps canned replies: create, list, update, duplicate title refused, delete; each change audited", async () => {
    const created = await staffApi("POST", "/chat/canned-replies", support, {
      title: "Greeting",
      body: "Hello! How can I help?",
    });
    expect(created.status).toBe(200);
    const id = created.body.payload.id as string;
    expect(
      (await staffApi("POST", "/chat/canned-replies", support, { title: "greeting", body: "Hi" })).body.payload
        .fields[0].field,
    ).toBe("body.title");
    expect(
      (await staffApi("POST", "/chat/canned-replies", support, { title: "", body: "Hi" })).body.payload.fields[0].field,
    ).toBe("body.title");
    const updated = await staffApi("PUT", `/chat/canned-replies/${id}`, support, {
      title: "Greeting",
      body: "Hello there!",
    });
    expect(updated.body.payload.body).toBe("Hello there!");
    const listed = await staffApi("GET", "/chat/canned-replies", support);
    expect(listed.body.payload).toContainEqual(
      expect.objectContaining({ id, title: "Greeting", body: "Hello there!" }),
    );
    expect((await staffApi("DELETE", `/chat/canned-replies/${id}`, support)).status).toBe(200);
    expect((await staffApi("DELETE", `/chat/canned-replies/${id}`, support)).status).toBe(404);
    expect(await auditCount("chat.canned_reply_create", id)).toBe(1);
    expect(await auditCount("chat.canned_reply_update", id)).toBe(1);
    expect(await auditCount("chat.canned_reply_delete", id)).toBe(1);
  });

  it("lets each role do exactly what the matrix says, and refuses player tokens", async () => {
    const hank = await chatPlayer(ctx);
    const anyId = crypto.randomUUID();
    const calls = [
      { method: "GET", path: "/chat/conversations", permission: "chat.read" },
      { method: "GET", path: "/chat/canned-replies", permission: "chat.read" },
      { method: "POST", path: `/chat/conversations/${anyId}/close`, permission: "chat.reply" },
      {
        method: "POST",
        path: "/chat/canned-replies",
        permission: "chat.reply",
        body: { title: `t-${anyId}`, body: "b" },
      },
    ] as const;
    for (const role of STAFF_ROLES) {
      const staff = await createTestStaff(ctx, role);
      for (const call of calls) {
        const res = await staffApi(
          call.method,
          call.path,
          staff,
          "body" in call ? { ...call.body, title: `${call.body.title}-${role}` } : undefined,
        );
        if (roleCan(role, call.permission)) expect(res.status, `${role} ${call.path}`).not.toBe(403);
        else expect(res.status, `${role} ${call.path}`).toBe(403);
      }
    }
    expect((await api("GET", "/api/backoffice/v1/chat/conversations", hank.headers)).status).toBe(401);
  });
});
