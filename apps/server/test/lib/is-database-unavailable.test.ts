import net from "node:net";
import { DrizzleQueryError } from "drizzle-orm/errors";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { isDatabaseUnavailable } from "../../src/lib/is-database-unavailable.ts";

const withCode = (code: string, message = "boom") => Object.assign(new Error(message), { code });

/** A port nothing listens on (taken from the OS, then released). */
function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => resolve(typeof address === "object" && address ? address.port : 0));
    });
  });
}

describe("isDatabaseUnavailable (ADR 039)", () => {
  it.each([
    ["08006", "connection_failure"],
    ["08001", "sqlclient_unable_to_establish_sqlconnection"],
    ["08P01", "protocol_violation (class 08)"],
    ["57P01", "admin_shutdown: terminating connection due to administrator command"],
    ["57P02", "crash_shutdown"],
    ["57P03", "cannot_connect_now: the database system is starting up"],
    ["53300", "too_many_connections"],
    ["ECONNREFUSED", "refused"],
    ["ECONNRESET", "reset"],
    ["ETIMEDOUT", "timed out"],
    ["EPIPE", "broken pipe"],
  ])("%s (%s) is unavailability", (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(true);
  });

  it.each([
    ["23505", "unique_violation"],
    ["40001", "serialization_failure: a statement's outcome, not the database's absence"],
    ["40P01", "deadlock_detected"],
    ["42601", "syntax_error"],
    ["57014", "query_canceled (statement timeout)"],
    ["53200", "out_of_memory"],
    ["FST_ERR_VALIDATION", "a Fastify code"],
  ])("%s (%s) is not", (code) => {
    expect(isDatabaseUnavailable(withCode(code))).toBe(false);
  });

  it("recognises node-postgres's and pg-pool's code-less connection errors", () => {
    expect(isDatabaseUnavailable(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Connection terminated due to connection timeout"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("timeout exceeded when trying to connect"))).toBe(true);
    expect(isDatabaseUnavailable(new Error("Client has encountered a connection error and is not queryable"))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error("Cannot use a pool after calling end on the pool"))).toBe(true);
  });

  it("is false for anything else", () => {
    expect(isDatabaseUnavailable(new Error("Something else went wrong"))).toBe(false);
    expect(isDatabaseUnavailable(new TypeError("Cannot read properties of undefined"))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
    expect(isDatabaseUnavailable(null)).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    expect(isDatabaseUnavailable({ code: 8006 })).toBe(false);
  });

  it("looks through Drizzle's wrapper and net's AggregateError", () => {
    expect(isDatabaseUnavailable(new DrizzleQueryError("select 1", [], withCode("57P01")))).toBe(true);
    expect(isDatabaseUnavailable(new DrizzleQueryError("insert …", [], withCode("23505")))).toBe(false);
    const aggregate = new AggregateError([withCode("ECONNREFUSED"), withCode("ECONNREFUSED")], "");
    expect(isDatabaseUnavailable(new DrizzleQueryError("select 1", [], aggregate))).toBe(true);
  });

  it("stops on a cyclic cause chain", () => {
    const a = new Error("a") as Error & { cause?: unknown };
    const b = new Error("b", { cause: a });
    a.cause = b;
    expect(isDatabaseUnavailable(a)).toBe(false);
  });

  it("classifies what node-postgres really raises for a closed port and for a server that never answers", async () => {
    const port = await closedPort();
    const refused = new pg.Pool({
      connectionString: `postgres://nobody@127.0.0.1:${port}/none`,
      connectionTimeoutMillis: 2_000,
    });
    const refusal = await refused.query("SELECT 1").catch((error: unknown) => error);
    await refused.end();
    expect(isDatabaseUnavailable(refusal)).toBe(true);

    // Accepts the TCP connection and then says nothing: the client's connect timeout fires.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const silentPort = (silent.address() as net.AddressInfo).port;
    const hanging = new pg.Pool({
      connectionString: `postgres://nobody@127.0.0.1:${silentPort}/none`,
      connectionTimeoutMillis: 200,
    });
    const timeout = await hanging.query("SELECT 1").catch((error: unknown) => error);
    await hanging.end();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    expect(isDatabaseUnavailable(timeout)).toBe(true);
  });
});
