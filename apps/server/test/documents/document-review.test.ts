import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fundedPlayer, requestWithdrawal, staffCall } from "../backoffice/money-review-helpers.ts";
import { createTestStaff, type TestStaff } from "../helpers/staff-session.ts";
import { buildPaymentsApp, call, newPlayer, systemGuid, type PaymentsTest, type Player } from "../payments/payments-helpers.ts";
import { expectOutboxInVocabulary } from "../realtime/event-vocabulary-helpers.ts";
import { pdf, png, tempDataDir, upload } from "./documents-helpers.ts";

// KYC review in the back office (issue #16, ADR 023): the queue, the viewer, approve and reject with a
// reason the player reads, the audit trail, and verification from the required set opening withdrawals.

let t: PaymentsTest;
let dataDir: string;
let compliance: TestStaff;
let support: TestStaff;

beforeAll(async () => {
  dataDir = tempDataDir();
  t = await buildPaymentsApp({ DATA_DIR: dataDir, WITHDRAWAL_REQUIRES_KYC: "true", WITHDRAWAL_AUTO_APPROVE_MAX: "" });
  compliance = await createTestStaff(t, "compliance");
  support = await createTestStaff(t, "support");
});
afterAll(async () => {
  await expectOutboxInVocabulary(t.database);
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const uploaded = async (player: Player, type: string) => {
  const res = await upload(t, player, type, type === "proof_of_address" ? pdf() : await png(), `${type}.bin`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload.guid as string;
};

const auditOf = (guid: string) =>
  t.database.query<{ action: string; staff_guid: string; player_guid: string; after: { status: string } | null }>(
    "SELECT action, staff_guid, player_guid, after FROM staff_audit_log WHERE target_id = $1 ORDER BY id",
    [guid],
  );

const isVerified = async (player: Player) =>
  (await t.database.query<{ is_verified: boolean }>("SELECT is_verified FROM users WHERE guid = $1", [player.id]))[0]!.is_verified;

describe("document review", () => {
  it("lists pending documents oldest first, keyset-paged, and serves the file to the viewer (audited)", async () => {
    const player = await newPlayer(t, "queue");
    const a = await uploaded(player, "passport");
    const b = await uploaded(player, "selfie");
    const guids: string[] = [];
    let cursor: string | null = null;
    do {
      const res = await staffCall(t, compliance, "GET", `/documents?status=pending&limit=1${cursor ? `&cursor=${cursor}` : ""}`);
      expect(res.statusCode, res.body).toBe(200);
      guids.push(...res.json().payload.items.map((d: { id: string }) => d.id));
      cursor = res.json().payload.next_cursor;
    } while (cursor);
    expect(guids.filter((g) => g === a || g === b)).toEqual([a, b]);

    const file = await staffCall(t, compliance, "GET", `/documents/${a}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers["content-type"]).toBe("image/png");
    expect(file.headers["x-content-type-options"]).toBe("nosniff");
    expect(file.headers["content-disposition"]).toMatch(/^attachment; /);
    expect((await auditOf(a)).map((r) => r.action)).toEqual(["document.view"]);
  });

  it("refuses staff without documents.review", async () => {
    const player = await newPlayer(t, "perm");
    const guid = await uploaded(player, "passport");
    for (const [method, url, body] of [
      ["GET", "/documents", undefined],
      ["GET", `/documents/${guid}/file`, undefined],
      ["GET", `/players/${player.id}/documents`, undefined],
      ["POST", `/documents/${guid}/approve`, {}],
      ["POST", `/documents/${guid}/reject`, { reason: "no" }],
    ] as const) {
      const res = await staffCall(t, support, method, url, body);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
    const [row] = await t.database.query<{ status: string }>("SELECT status FROM kyc_documents WHERE guid = $1", [guid]);
    expect(row!.status).toBe("pending");
  });

  it("reject: the reason becomes a comment with manager_guid that the player reads, in realtime too; audited", async () => {
    const player = await newPlayer(t, "reject");
    const guid = await uploaded(player, "passport");
    const empty = await staffCall(t, compliance, "POST", `/documents/${guid}/reject`, { reason: "  " });
    expect(empty.statusCode).toBe(400);
    const res = await staffCall(t, compliance, "POST", `/documents/${guid}/reject`, { reason: "The photo is blurred: please retake it in daylight." });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload).toMatchObject({ id: guid, status: "rejected", reviewed_by: compliance.staffId });

    const mine = (await call(t, player, "POST", "/documents", {})).json().payload[0];
    expect(mine).toMatchObject({ guid, status: "rejected", comment: "The photo is blurred: please retake it in daylight." });
    expect(mine.comments).toHaveLength(1);
    expect(mine.comments[0]).toMatchObject({ customer_guid: player.id, manager_guid: compliance.staffId });

    expect(await auditOf(guid)).toEqual([
      { action: "document.reject", staff_guid: compliance.staffId, player_guid: player.id, after: { status: "rejected", is_verified: false } },
    ]);
    const events = await t.database.query<{ payload: Record<string, unknown> }>(
      "SELECT payload FROM outbox_events WHERE user_guid = $1 AND type = 'document_status_changed'",
      [player.id],
    );
    expect(events.map((e) => e.payload)).toEqual([
      { document_guid: guid, document_type: "passport", status: "rejected", comment: "The photo is blurred: please retake it in daylight.", is_verified: false },
    ]);

    const notes = await t.database.query<{ kind: string; params: Record<string, string> }>("SELECT kind, params FROM notifications WHERE user_guid = $1", [player.id]);
    expect(notes).toEqual([{ kind: "document_rejected", params: { document_type: "passport", comment: "The photo is blurred: please retake it in daylight." } }]);

    // Decided once: a second decision conflicts, and a rejected document cannot be deleted; a new one can be sent.
    expect((await staffCall(t, compliance, "POST", `/documents/${guid}/approve`, {})).statusCode).toBe(409);
    expect((await call(t, player, "DELETE", "/documents/document", { document_type: "passport" })).statusCode).toBe(409);
    await uploaded(player, "passport");
  });

  it("the required set (identity + proof of address) verifies the player, and the withdrawal goes through", async () => {
    const { player, wallet, cardGuid } = await fundedPlayer(t, "100");
    const refused = await call(t, player, "POST", "/billing/withdrawal", { psp_guid: await systemGuid(t, "sandbox_card"), amount: "20", wallet_guid: wallet, card_guid: cardGuid });
    expect(refused.statusCode).toBe(403);

    const id = await uploaded(player, "national_id");
    const address = await uploaded(player, "proof_of_address");
    const selfie = await uploaded(player, "selfie");
    await staffCall(t, compliance, "POST", `/documents/${selfie}/approve`, {});
    expect((await staffCall(t, compliance, "POST", `/documents/${id}/approve`, { comment: "Thanks" })).statusCode).toBe(200);
    expect(await isVerified(player)).toBe(false);
    const before = (await staffCall(t, compliance, "GET", `/players/${player.id}/documents`)).json().payload;
    expect(before).toMatchObject({ is_verified: false, missing: ["proof_of_address"] });

    expect((await call(t, player, "POST", "/documents", {})).json().metadata).toMatchObject({ is_verified: false, missing: ["proof_of_address"] });

    expect((await staffCall(t, compliance, "POST", `/documents/${address}/approve`, {})).statusCode).toBe(200);
    expect(await isVerified(player)).toBe(true);
    expect((await call(t, player, "POST", "/documents", {})).json().metadata).toMatchObject({ is_verified: true, missing: [], total: 3 });
    const after = (await staffCall(t, compliance, "GET", `/players/${player.id}/documents`)).json().payload;
    expect(after).toMatchObject({ is_verified: true, missing: [] });
    expect(after.items.map((d: { id: string }) => d.id).sort()).toEqual([id, address, selfie].sort());
    expect((await auditOf(address)).map((r) => r.action)).toEqual(["document.approve"]);

    await requestWithdrawal(t, player, wallet, cardGuid, "20");
  });

  it("an unknown document or player is 404, a bad cursor a validation error", async () => {
    const missing = "00000000-0000-4000-8000-000000000000";
    expect((await staffCall(t, compliance, "POST", `/documents/${missing}/approve`, {})).statusCode).toBe(404);
    expect((await staffCall(t, compliance, "GET", `/documents/${missing}/file`)).statusCode).toBe(404);
    expect((await staffCall(t, compliance, "GET", `/players/${missing}/documents`)).statusCode).toBe(404);
    expect((await staffCall(t, compliance, "GET", "/documents?cursor=bm90LWEtY3Vyc29y")).statusCode).toBe(400);
  });
});
