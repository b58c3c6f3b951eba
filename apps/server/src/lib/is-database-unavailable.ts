// The classification lives with the database package, so the house provider (which shares the database but not
// the server's code) answers an outage the same way (ADR 039, ADR 046).
export { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from "@croupier/db/is-database-unavailable";
