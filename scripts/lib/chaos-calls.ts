// The bookkeeping of npm run bench:chaos (ADR 046), kept pure so a test can pin it: what an attempt's answer
// means for a retrying provider, the outage window of a fault, and the comparison of what the load generator
// believes was accepted with what the ledger holds.

/** One attempt of a provider wallet call as the generator saw it. */
export type AttemptResult = { kind: "network"; error: string } | { kind: "http"; status_code: number; body: string };

export type AttemptVerdict =
  /** A protocol answer other than the retryable INTERNAL_ERROR: the call's outcome; never sent again. */
  | { verdict: "definitive"; status: string; body: string }
  /** No answer, a 5xx, or INTERNAL_ERROR: the same bytes are sent again. */
  | { verdict: "retry"; reason: "network" | "http_503" | "http_5xx_other" | "internal_error" | "unreadable" };

/**
 * What a provider following the protocol does with an answer (PROVIDER_WALLET_PROTOCOL rule 9, ADR 039): HTTP 200
 * with any status but INTERNAL_ERROR is the call's outcome; INTERNAL_ERROR (the database unavailable), any 5xx
 * and no answer at all mean "unknown, send the same request again".
 */
export function judgeAttempt(result: AttemptResult): AttemptVerdict {
  if (result.kind === "network") return { verdict: "retry", reason: "network" };
  if (result.status_code === 503) return { verdict: "retry", reason: "http_503" };
  if (result.status_code >= 500) return { verdict: "retry", reason: "http_5xx_other" };
  let status: unknown;
  try {
    status = (JSON.parse(result.body) as { status?: unknown }).status;
  } catch {
    status = undefined;
  }
  if (result.status_code !== 200 || typeof status !== "string") return { verdict: "retry", reason: "unreadable" };
  if (status === "INTERNAL_ERROR") return { verdict: "retry", reason: "internal_error" };
  return { verdict: "definitive", status, body: result.body };
}

/** An attempt on the generator's clock (ms): when it was sent, when its answer (or failure) came, and if it was OK. */
export type TimedAttempt = { sent_ms: number; done_ms: number; ok: boolean; failed: boolean };

export type OutageWindow = {
  /** The first failed attempt that finished at or after the fault (null: the fault was never seen). */
  first_failure_ms: number | null;
  /** The first OK answer to an attempt sent after that failure: the service is back. */
  first_ok_ms: number | null;
  /** first_ok_ms - first_failure_ms: the outage a provider saw. */
  window_ms: number | null;
  /** Failed attempts that finished between the fault and the end of the phase. */
  failed_attempts: number;
  /** The last failed attempt of the phase, relative to the first failure: failures may straggle past the first OK. */
  last_failure_after_ms: number | null;
};

/**
 * The outage window of one fault: from the first failed attempt at or after `fault_ms` to the first OK answer of an
 * attempt sent after that failure (an OK answer to a call sent before the fault says nothing about recovery). Only
 * attempts that finished before `until_ms` (the next phase) count.
 */
export function outageWindow(attempts: readonly TimedAttempt[], fault_ms: number, until_ms: number): OutageWindow {
  let first_failure_ms: number | null = null;
  let last_failure_ms: number | null = null;
  let failed_attempts = 0;
  for (const attempt of attempts) {
    if (!attempt.failed || attempt.done_ms < fault_ms || attempt.done_ms >= until_ms) continue;
    failed_attempts += 1;
    if (first_failure_ms === null || attempt.done_ms < first_failure_ms) first_failure_ms = attempt.done_ms;
    if (last_failure_ms === null || attempt.done_ms > last_failure_ms) last_failure_ms = attempt.done_ms;
  }
  let first_ok_ms: number | null = null;
  if (first_failure_ms !== null) {
    for (const attempt of attempts) {
      if (!attempt.ok || attempt.sent_ms < first_failure_ms || attempt.done_ms >= until_ms) continue;
      if (first_ok_ms === null || attempt.done_ms < first_ok_ms) first_ok_ms = attempt.done_ms;
    }
  }
  return {
    first_failure_ms,
    first_ok_ms,
    window_ms: first_failure_ms !== null && first_ok_ms !== null ? first_ok_ms - first_failure_ms : null,
    failed_attempts,
    last_failure_after_ms:
      first_failure_ms !== null && last_failure_ms !== null ? last_failure_ms - first_failure_ms : null,
  };
}

export type LedgerComparison = {
  /** Accepted calls (OK) with their money exactly once in the ledger. */
  matched: number;
  /** Accepted calls whose money is not in the ledger: lost money. */
  missing: string[];
  /** Calls whose money is in the ledger more than once: money moved twice. */
  doubled: string[];
  /** Money in the ledger for calls the generator never saw accepted: moved behind a refusal or a lost answer. */
  unexpected: string[];
};

/**
 * Every accepted call must appear exactly once (by its idempotency key) and nothing else may appear. `landed` maps a
 * call's key to the number of rows found for it.
 */
export function compareLedger(accepted: ReadonlySet<string>, landed: ReadonlyMap<string, number>): LedgerComparison {
  const missing: string[] = [];
  const doubled: string[] = [];
  const unexpected: string[] = [];
  let matched = 0;
  for (const key of accepted) {
    const rows = landed.get(key) ?? 0;
    if (rows === 0) missing.push(key);
    else if (rows > 1) doubled.push(key);
    else matched += 1;
  }
  for (const [key, rows] of landed) {
    if (accepted.has(key)) continue;
    unexpected.push(key);
    if (rows > 1) doubled.push(key);
  }
  return { matched, missing, doubled, unexpected };
}

/** Whether two definitive answers to the same bytes differ (the protocol promises a replay the original outcome). */
export function answersDiffer(first: string, second: string): boolean {
  try {
    return JSON.stringify(sortKeys(JSON.parse(first))) !== JSON.stringify(sortKeys(JSON.parse(second)));
  } catch {
    return first !== second;
  }
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, inner]) => [key, sortKeys(inner)]),
  );
}
