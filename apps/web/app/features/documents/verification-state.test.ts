import type { Document } from "@croupier/contract/entities/documents";
import { DOCUMENT_TYPES, VERIFICATION_GROUPS } from "@croupier/contract/entities/documents";
import { describe, expect, it } from "vitest";
import { DOCUMENT_GROUPS, documentSlot, groupStatus, missingGroups, slotActions } from "./verification-state";

const PLAYER = "20000000-0000-4000-8000-000000000001";
let serial = 0;
function doc(overrides: Partial<Document>): Document {
  serial += 1;
  const at = overrides.created_at ?? `2026-01-0${serial % 9 || 1}T00:00:00.000Z`;
  return {
    guid: `60000000-0000-4000-8000-${String(serial).padStart(12, "0")}`,
    comment: null,
    original_filename: "file.jpg",
    filename: "x.jpg",
    customer_guid: PLAYER,
    status: "pending",
    type: "passport",
    content_type: "image/jpeg",
    size_bytes: 1000,
    created_at: at,
    updated_at: at,
    reviewed_at: null,
    comments: [],
    ...overrides,
  };
}

describe("documentSlot", () => {
  it("is not uploaded without a document of its type", () => {
    expect(documentSlot([doc({ type: "selfie" })], "passport")).toMatchObject({
      status: "not_uploaded",
      latest: null,
      comments: [],
    });
  });

  it("follows the newest document and keeps the comments of earlier ones, newest first", () => {
    const rejected = doc({
      type: "passport",
      status: "rejected",
      created_at: "2026-01-01T00:00:00.000Z",
      comments: [
        {
          guid: "c1",
          customer_guid: PLAYER,
          manager_guid: null,
          comment: "Too blurry",
          created_at: "2026-01-02T00:00:00.000Z",
          updated_at: "2026-01-02T00:00:00.000Z",
        },
      ],
    });
    const again = doc({ type: "passport", status: "pending", created_at: "2026-01-03T00:00:00.000Z" });
    const slot = documentSlot([rejected, again], "passport");
    expect(slot.status).toBe("pending");
    expect(slot.latest?.guid).toBe(again.guid);
    expect(slot.comments.map((c) => [c.comment, c.document_guid])).toEqual([["Too blurry", rejected.guid]]);
  });

  it("shows a bare comment when the server sends no thread", () => {
    const slot = documentSlot([doc({ type: "selfie", status: "rejected", comment: "Face not visible" })], "selfie");
    expect(slot.comments.map((c) => c.comment)).toEqual(["Face not visible"]);
  });
});

describe("groupStatus and missingGroups", () => {
  it("counts any one approved identity paper for the identity group", () => {
    const documents = [
      doc({ type: "passport", status: "rejected" }),
      doc({ type: "driving_licence", status: "approved" }),
    ];
    const slots = (["passport", "national_id", "driving_licence"] as const).map((type) =>
      documentSlot(documents, type),
    );
    expect(groupStatus(slots)).toBe("approved");
    expect(missingGroups(documents).map((group) => group.id)).toEqual(["proof_of_address"]);
  });

  it("prefers pending over rejected, and lists both required groups when nothing is approved", () => {
    const documents = [doc({ type: "passport", status: "rejected" }), doc({ type: "national_id", status: "pending" })];
    const slots = (["passport", "national_id"] as const).map((type) => documentSlot(documents, type));
    expect(groupStatus(slots)).toBe("pending");
    expect(missingGroups(documents).map((group) => group.id)).toEqual(["identity", "proof_of_address"]);
    expect(
      missingGroups([
        doc({ type: "passport", status: "approved" }),
        doc({ type: "proof_of_address", status: "approved" }),
      ]),
    ).toEqual([]);
  });
});

describe("slotActions", () => {
  it("uploads when missing, re-uploads after a rejection, deletes only while pending", () => {
    expect(slotActions("not_uploaded")).toEqual({ upload: "upload", remove: false });
    expect(slotActions("rejected")).toEqual({ upload: "reupload", remove: false });
    expect(slotActions("pending")).toEqual({ upload: null, remove: true });
    expect(slotActions("approved")).toEqual({ upload: null, remove: false });
  });
});

describe("DOCUMENT_GROUPS", () => {
  it("shows every group and every document type of the contract, each type once", () => {
    expect(DOCUMENT_GROUPS.map((group) => group.id)).toEqual([...VERIFICATION_GROUPS]);
    expect(DOCUMENT_GROUPS.flatMap((group) => group.types).sort()).toEqual([...DOCUMENT_TYPES].sort());
  });
});
