/**
 * Whether an error means "the database cannot be reached right now" (ADR 039): a restart, a failover, a
 * full server, a pool that found no connection in time. Such an error is not a fault of the request or of
 * our code, and the same request is expected to succeed a moment later, so it is answered 503 with
 * Retry-After (the player API and the house provider's /house API, ADR 046) or the protocol's retryable
 * INTERNAL_ERROR (the provider wallet), never as a crash. Anything else, including statement errors
 * (constraint, syntax, serialization), is not this. It lives in the database package because it classifies
 * the driver's and the pool's errors, and both the platform and the house provider need it.
 */

/** Seconds a client should wait before retrying; a PostgreSQL restart or failover takes about that long. */
export const DATABASE_RETRY_AFTER_SECONDS = 1;

// SQLSTATE: class 08 (connection exception) by prefix; 57P01 admin_shutdown ("terminating connection due to
// administrator command"), 57P02 crash_shutdown, 57P03 cannot_connect_now (starting up, shutting down,
// recovering), 53300 too_many_connections.
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);

// Node's socket errors on the way to the database: refused (down or restarting), reset or broken pipe
// (killed mid-conversation), timed out, no route, and a name that does not resolve for now.
const UNAVAILABLE_NODE_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EHOSTDOWN",
  "EAI_AGAIN",
]);

// node-postgres and pg-pool raise these without a code: a connection closed under a query, the client's
// connect timeout, the pool's acquisition timeout, a client left broken by an earlier connection error,
// and a pool ended by a shutdown in progress.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect$/,
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/,
];

// Drizzle wraps driver errors (DrizzleQueryError, cause = the driver's); net wraps the per-address
// failures of one connect in an AggregateError. Bounded, so a cyclic cause chain cannot loop.
const MAX_ERRORS_LOOKED_AT = 16;

export function isDatabaseUnavailable(error: unknown): boolean {
  const queue: unknown[] = [error];
  for (let looked = 0; looked < MAX_ERRORS_LOOKED_AT && queue.length > 0; looked += 1) {
    const current = queue.shift();
    if (!current || typeof current !== "object") continue;
    const { code, message, cause, errors } = current as {
      code?: unknown;
      message?: unknown;
      cause?: unknown;
      errors?: unknown;
    };
    if (typeof code === "string") {
      if (code.length === 5 && (code.startsWith("08") || UNAVAILABLE_SQLSTATES.has(code))) return true;
      if (UNAVAILABLE_NODE_CODES.has(code)) return true;
    }
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(message))) return true;
    if (cause !== undefined) queue.push(cause);
    if (Array.isArray(errors)) queue.push(...errors.slice(0, MAX_ERRORS_LOOKED_AT));
  }
  return false;
}
