import SwaggerParser from "@apidevtools/swagger-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { buildOpenapiDocument, type OpenapiDocument } from "../helpers/openapi-document.ts";

// Issue #14 item 7: operators generate clients from /api/docs/json, so it must be a valid OpenAPI document
// and say for every operation what it does and what it needs. npm run check:openapi adds Redocly's lint
// and a generated client that has to type-check.

const METHODS = new Set(["get", "put", "post", "delete", "patch", "head", "options", "trace"]);
type Operation = { summary?: string; security?: Array<Record<string, string[]>>; operationId?: string };

let document: OpenapiDocument;
let operations: Array<{ name: string; operation: Operation }>;

beforeAll(async () => {
  document = await buildOpenapiDocument();
  operations = Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.has(method))
      .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation: operation as Operation })),
  );
  // A fresh database with both schemas' migrations: slow on a busy machine.
}, 120_000);

describe("the published OpenAPI document", () => {
  it("is valid OpenAPI (swagger-parser) and holds the platform's and the house provider's routes", async () => {
    await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
    expect(operations.length).toBeGreaterThan(100);
    expect(document.paths["/api/v1/catalog/games"]).toBeDefined();
    expect(document.paths["/house/api/rounds"]).toBeDefined();
  });

  it("gives every operation a short summary", () => {
    const missing = operations.filter(({ operation }) => !operation.summary?.trim()).map(({ name }) => name);
    expect(missing).toEqual([]);
    const long = operations.filter(({ operation }) => operation.summary!.length > 120).map(({ name }) => name);
    expect(long).toEqual([]);
  });

  it("declares on every operation what it needs (security; [] for public), with schemes that exist", () => {
    const missing = operations.filter(({ operation }) => !Array.isArray(operation.security)).map(({ name }) => name);
    expect(missing).toEqual([]);
    const schemes = Object.keys((document.components as { securitySchemes?: object } | undefined)?.securitySchemes ?? {});
    const undeclared = operations.flatMap(({ name, operation }) =>
      (operation.security ?? []).flatMap(Object.keys).filter((scheme) => !schemes.includes(scheme)).map((scheme) => `${name}: ${scheme}`),
    );
    expect(undeclared).toEqual([]);
  });

  it("marks what is whose: player calls need the bearer, provider calls the signature, the lobby is public", () => {
    const security = (path: string, method = "get") => (document.paths[path]?.[method] as Operation | undefined)?.security;
    expect(security("/api/v1/billing/wallets")).toEqual([{ bearerAuth: [] }]);
    expect(security("/api/v1/provider/{provider_code}/wallet/bet", "post")).toEqual([{ providerSignature: [] }]);
    expect(security("/api/v1/catalog/providers")).toEqual([]);
    expect(security("/api/v1/catalog/games")).toEqual([{ bearerAuth: [] }, {}]);
    expect(security("/house/api/verify", "post")).toEqual([]);
  });

  it("names every operation once (client generators name their methods after operationId)", () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
