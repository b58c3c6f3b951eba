// The Drizzle schema object: every table the platform owns. Modules own their
// tables; this file only gathers them so Drizzle and drizzle-kit see one schema.
export * from "./dictionary.ts";
export * from "./outbox.ts";
export * from "./identity.ts";
export * from "./catalog.ts";
export * from "./ledger.ts";
export * from "./wallet.ts";
export * from "./games-transactions.ts";
export * from "./exchange-rates.ts";
export * from "./payments.ts";
export * from "./staff.ts";
export * from "./player-admin.ts";
export * from "./money-review.ts";
export * from "./live-chat.ts";
export * from "./exclusions.ts";
export * from "./reality-check.ts";
export * from "./documents.ts";
export * from "./notifications.ts";
export * from "./uk-profile.ts";
export * from "./responsible-gaming-limits.ts";
export * from "./platform-rules.ts";
export * from "./bonuses.ts";
