import type { DestinationStream } from "pino";
import { stdSerializers } from "pino";
import { PAYMENT_REDACT_PATHS } from "../modules/payments/payment-redact-paths.ts";

/**
 * The server's one logger configuration: what is redacted and how requests and errors are written.
 * Secrets and personal data never reach a log line, whatever gets logged (PLAYER_PROTECTION 29).
 */

/** Paths pino replaces by "[Redacted]" wherever they appear in a logged object. */
export const REDACT_PATHS = [
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-captcha-response"]',
  'req.headers["x-platform-token"]',
  "res.headers['set-cookie']",
  "body.password",
  "body.password_confirmation",
  "body.current_password",
  "body.new_password",
  "body.token",
  "body.refresh_token",
  "body.code",
  "req.body.password",
  "req.body.password_confirmation",
  "req.body.current_password",
  "req.body.new_password",
  "req.body.token",
  "req.body.refresh_token",
  "req.body.code",
  "*.access_token",
  "*.refresh_token",
  ...PAYMENT_REDACT_PATHS,
];

// Query strings can carry codes and states (/authorization/provider-login?code=…): log the path only,
// with the values of secret-looking parameters masked.
const SECRET_PARAMS = /^(code|state|token|magic_link|refresh_token|access_token|password|launch_sig)$/i;
// The back office's searches (its API and the console's own addresses) carry players' emails, names and
// phone numbers in q.
const BACKOFFICE_PATH = /^\/(api\/)?backoffice(\/|$)/;
const BACKOFFICE_PERSONAL_PARAMS = /^q$/i;

export function logRequestSerializer(req: { method: string; url: string; ip?: string; id?: string }) {
  const [path, query] = req.url.split("?", 2);
  let url = path ?? "";
  if (query) {
    const personal = BACKOFFICE_PATH.test(url);
    const params = [...new URLSearchParams(query)].map(([key, value]) => {
      const hidden = SECRET_PARAMS.test(key) || (personal && BACKOFFICE_PERSONAL_PARAMS.test(key));
      return `${encodeURIComponent(key)}=${hidden ? "[Redacted]" : encodeURIComponent(value)}`;
    });
    url += `?${params.join("&")}`;
  }
  return { method: req.method, url, remoteAddress: req.ip, id: req.id };
}

/**
 * Error properties that carry a failed statement's values: Drizzle's and PGlite's `params`, and
 * PostgreSQL's `detail` ("Key (email)=(…) already exists"). A saved card's PSP token and a card
 * holder's name once reached the error log this way (issue #13 item 10).
 */
const VALUE_CARRYING_KEYS = new Set(["params", "parameters", "values", "detail"]);
const MAX_CAUSE_DEPTH = 8;
// PostgreSQL quotes the offending value at the end of a line ('invalid input syntax for type integer:
// "…"'); identifiers are quoted after a word ('relation "users"'), never after a colon.
const QUOTED_VALUE = /: "(?:[^"\\\n]|\\.)*"$/gm;
const withoutQuotedValues = (text: string) => text.replace(QUOTED_VALUE, ': "[Redacted]"');

function redefine(target: object, key: string, value: unknown): void {
  Object.defineProperty(target, key, { value, enumerable: false, writable: true, configurable: true });
}

/** A copy of the error (and its causes) without the statement's values; the SQL text and the code stay. */
export function withoutStatementValues(error: unknown, depth = 0): unknown {
  if (!(error instanceof Error) || depth > MAX_CAUSE_DEPTH) return error;
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error & Record<string, unknown>;
  for (const [key, descriptor] of Object.entries(Object.getOwnPropertyDescriptors(error))) {
    if (!VALUE_CARRYING_KEYS.has(key)) Object.defineProperty(copy, key, descriptor);
  }
  const query = (error as { query?: unknown }).query;
  if ("params" in error && typeof query === "string") {
    // Drizzle writes the values into the message too: "Failed query: …\nparams: …".
    const message = `Failed query: ${query}`;
    const frames = (error.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
    redefine(copy, "message", message);
    redefine(copy, "stack", [`${error.name}: ${message}`, ...frames].join("\n"));
  } else {
    redefine(copy, "message", withoutQuotedValues(error.message));
    if (error.stack) redefine(copy, "stack", withoutQuotedValues(error.stack));
  }
  if (error.cause !== undefined) redefine(copy, "cause", withoutStatementValues(error.cause, depth + 1));
  return copy;
}

export const logErrorSerializer = (error: unknown) => stdSerializers.err(withoutStatementValues(error) as Error);

export type LogDestination = { level?: string; stream?: DestinationStream };

/** Fastify's logger option: the configuration above, at `level`, to stdout or `stream`. */
export function loggerOptions(defaultLevel: string, destination: LogDestination = {}) {
  return {
    level: destination.level ?? defaultLevel,
    redact: REDACT_PATHS,
    serializers: { req: logRequestSerializer, err: logErrorSerializer },
    ...(destination.stream ? { stream: destination.stream } : {}),
  };
}
