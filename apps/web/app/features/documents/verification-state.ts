import type {
  Document,
  DocumentComment,
  DocumentType,
  VERIFICATION_GROUPS,
} from "@croupier/contract/entities/documents";

// What the verification page shows, derived from the player's documents: per type its latest
// document and status, per group (identity counts any one of three papers) its standing, and which
// groups the operator requires. Whether the player IS verified is the server's word (the profile's
// is_verified and the realtime event's), never computed here.

export type SlotStatus = "not_uploaded" | "pending" | "approved" | "rejected";

/** The contract's verification groups ("identity" counts any one of three papers). */
export type DocumentGroupId = (typeof VERIFICATION_GROUPS)[number];

export type DocumentGroup = {
  id: DocumentGroupId;
  title: string;
  description: string;
  types: readonly DocumentType[];
};

export const DOCUMENT_GROUPS: readonly DocumentGroup[] = [
  {
    id: "identity",
    title: "Proof of identity",
    description: "One of these, valid and in colour: all four corners visible, your photo and date of birth readable.",
    types: ["passport", "national_id", "driving_licence"],
  },
  {
    id: "proof_of_address",
    title: "Proof of address",
    description: "A utility bill, bank statement or tax letter from the last 3 months, showing your name and address.",
    types: ["proof_of_address"],
  },
  {
    id: "payment_method",
    title: "Payment method",
    description:
      "A photo of the card you pay with (only the first 6 and last 4 digits visible) or a bank statement showing the account.",
    types: ["payment_method"],
  },
  {
    id: "selfie",
    title: "Selfie",
    description: "A clear photo of your face holding the identity document you uploaded.",
    types: ["selfie"],
  },
];

export function isGroupId(value: string): value is DocumentGroupId {
  return DOCUMENT_GROUPS.some((group) => group.id === value);
}

/**
 * The operator's default required set (ADR 023): one identity document and proof of address. The
 * server decides and may require more; this only labels the groups on the page.
 */
export const REQUIRED_GROUPS: readonly DocumentGroupId[] = ["identity", "proof_of_address"];

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  passport: "Passport",
  national_id: "National ID card",
  driving_licence: "Driving licence",
  proof_of_address: "Proof of address",
  payment_method: "Payment method proof",
  selfie: "Selfie",
};

export const STATUS_LABELS: Record<SlotStatus, string> = {
  not_uploaded: "Not uploaded",
  pending: "Pending review",
  approved: "Approved",
  rejected: "Rejected",
};

export type DocumentSlot = {
  type: DocumentType;
  status: SlotStatus;
  /** The newest document of this type, null when none was ever uploaded. */
  latest: Document | null;
  /** Reviewer comments on every document of this type, newest first (a rejection reason stays readable after a re-upload). */
  comments: (DocumentComment & { document_guid: string; document_status: Document["status"] })[];
};

const newestFirst = (a: { created_at: string }, b: { created_at: string }) =>
  a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : 0;

/** Per document type: its latest document and status, and the comments of all its documents. */
export function documentSlot(documents: readonly Document[], type: DocumentType): DocumentSlot {
  const ofType = documents.filter((document) => document.type === type).sort(newestFirst);
  const latest = ofType[0] ?? null;
  const comments = ofType
    .flatMap((document) => {
      // Older servers may send only `comment`; it reads the same to the player.
      if (document.comments.length === 0 && document.comment) {
        const at = document.reviewed_at ?? document.updated_at;
        return [
          {
            guid: `${document.guid}-comment`,
            customer_guid: document.customer_guid,
            manager_guid: null,
            comment: document.comment,
            created_at: at,
            updated_at: at,
            document_guid: document.guid,
            document_status: document.status,
          },
        ];
      }
      return document.comments.map((comment) => ({
        ...comment,
        document_guid: document.guid,
        document_status: document.status,
      }));
    })
    .sort(newestFirst);
  return { type, status: latest ? latest.status : "not_uploaded", latest, comments };
}

/** A group's standing: approved when any of its types is, else pending, else rejected, else not uploaded. */
export function groupStatus(slots: readonly DocumentSlot[]): SlotStatus {
  const statuses = slots.map((slot) => slot.status);
  for (const status of ["approved", "pending", "rejected"] as const) if (statuses.includes(status)) return status;
  return "not_uploaded";
}

/** The required groups not yet approved, in page order. */
export function missingGroups(
  documents: readonly Document[],
  required: readonly DocumentGroupId[] = REQUIRED_GROUPS,
): DocumentGroup[] {
  return DOCUMENT_GROUPS.filter(
    (group) =>
      required.includes(group.id) &&
      groupStatus(group.types.map((type) => documentSlot(documents, type))) !== "approved",
  );
}

/** What the player may do with a type now: the server refuses a second pending document and deletes only pending ones. */
export function slotActions(status: SlotStatus): { upload: "upload" | "reupload" | null; remove: boolean } {
  if (status === "not_uploaded") return { upload: "upload", remove: false };
  if (status === "rejected") return { upload: "reupload", remove: false };
  if (status === "pending") return { upload: null, remove: true };
  return { upload: null, remove: false };
}

/** The camera the capture attribute asks for: the front one for a selfie, the back one for papers. */
export function captureFacing(type: DocumentType): "user" | "environment" {
  return type === "selfie" ? "user" : "environment";
}
