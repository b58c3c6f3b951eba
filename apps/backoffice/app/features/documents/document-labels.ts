import type { DocumentStatus, DocumentType } from "@croupier/contract/entities/documents";

export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  passport: "Passport",
  national_id: "National ID card",
  driving_licence: "Driving licence",
  proof_of_address: "Proof of address",
  payment_method: "Payment method proof",
  selfie: "Selfie",
};

export const DOCUMENT_STATUS_LABELS: Record<DocumentStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
};

export const REQUIREMENT_LABELS: Record<string, string> = {
  identity: "identity document",
  proof_of_address: "proof of address",
  payment_method: "payment method proof",
  selfie: "selfie",
};

/** "1.2 MB", "830 KB": file sizes for people. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
