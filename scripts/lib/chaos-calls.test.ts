import { describe, expect, it } from "vitest";
import { answersDiffer, compareLedger, judgeAttempt, outageWindow, type TimedAttempt } from "./chaos-calls.ts";

const answer = (status: string) =>
  JSON.stringify({ status, request_uuid: "r", currency: "USD", balance: "1.00", bonus_balance: "0.00" });

describe("judgeAttempt (what a provider following the protocol does with an answer)", () => {
  it("sends the same bytes again on no answer, any 5xx and INTERNAL_ERROR", () => {
    expect(judgeAttempt({ kind: "network", error: "ECONNREFUSED" })).toEqual({ verdict: "retry", reason: "network" });
    expect(judgeAttempt({ kind: "http", status_code: 503, body: "{}" })).toEqual({
      verdict: "retry",
      reason: "http_503",
    });
    expect(judgeAttempt({ kind: "http", status_code: 500, body: answer("INTERNAL_ERROR") })).toEqual({
      verdict: "retry",
      reason: "http_5xx_other",
    });
    expect(judgeAttempt({ kind: "http", status_code: 200, body: answer("INTERNAL_ERROR") })).toEqual({
      verdict: "retry",
      reason: "internal_error",
    });
    expect(judgeAttempt({ kind: "http", status_code: 200, body: "<html>" })).toEqual({
      verdict: "retry",
      reason: "unreadable",
    });
  });

  it("takes any other protocol status as the call's outcome, refusals included", () => {
    expect(judgeAttempt({ kind: "http", status_code: 200, body: answer("OK") })).toMatchObject({
      verdict: "definitive",
      status: "OK",
    });
    expect(judgeAttempt({ kind: "http", status_code: 200, body: answer("NOT_ENOUGH_MONEY") })).toMatchObject({
      verdict: "definitive",
      status: "NOT_ENOUGH_MONEY",
    });
  });
});

describe("outageWindow", () => {
  const ok = (sent_ms: number, done_ms: number): TimedAttempt => ({ sent_ms, done_ms, ok: true, failed: false });
  const failed = (sent_ms: number, done_ms: number): TimedAttempt => ({ sent_ms, done_ms, ok: false, failed: true });

  it("runs from the first failure after the fault to the first OK of a call sent after that failure", () => {
    const attempts = [ok(0, 5), failed(90, 110), failed(100, 120), ok(95, 400), failed(200, 260), ok(300, 320)];
    expect(outageWindow(attempts, 100, 1_000)).toEqual({
      first_failure_ms: 110,
      // The OK at 400 was sent at 95, before the first failure: it says nothing about recovery.
      first_ok_ms: 320,
      window_ms: 210,
      failed_attempts: 3,
      last_failure_after_ms: 150,
    });
  });

  it("ignores failures before the fault and attempts after the phase, and says when nothing failed", () => {
    const attempts = [failed(0, 50), ok(60, 70), ok(200, 210), failed(1_000, 1_100)];
    expect(outageWindow(attempts, 100, 1_000)).toEqual({
      first_failure_ms: null,
      first_ok_ms: null,
      window_ms: null,
      failed_attempts: 0,
      last_failure_after_ms: null,
    });
  });

  it("has no end while no call has succeeded since", () => {
    expect(outageWindow([failed(100, 150), failed(200, 250)], 100, 1_000)).toMatchObject({
      first_failure_ms: 150,
      first_ok_ms: null,
      window_ms: null,
    });
  });
});

describe("compareLedger", () => {
  it("finds every accepted call exactly once, and names the missing, the doubled and the unexpected", () => {
    const accepted = new Set(["b-1", "w-1", "b-2", "b-3"]);
    const landed = new Map([
      ["b-1", 1],
      ["w-1", 1],
      ["b-3", 2],
      ["b-9", 1],
    ]);
    expect(compareLedger(accepted, landed)).toEqual({
      matched: 2,
      missing: ["b-2"],
      doubled: ["b-3"],
      unexpected: ["b-9"],
    });
  });

  it("is clean when the ledger holds exactly the accepted calls", () => {
    const accepted = new Set(["b-1", "w-1"]);
    expect(compareLedger(accepted, new Map([...accepted].map((key) => [key, 1])))).toEqual({
      matched: 2,
      missing: [],
      doubled: [],
      unexpected: [],
    });
  });
});

describe("answersDiffer", () => {
  it("compares answers as JSON, whatever the key order", () => {
    expect(answersDiffer('{"status":"OK","balance":"1.00"}', '{"balance":"1.00","status":"OK"}')).toBe(false);
    expect(answersDiffer(answer("OK"), answer("DUPLICATE_TRANSACTION"))).toBe(true);
    expect(answersDiffer('{"status":"OK","balance":"1.00"}', '{"status":"OK","balance":"0.50"}')).toBe(true);
  });
});
