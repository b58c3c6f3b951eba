// npm run check:openapi — the published OpenAPI document (/api/docs/json) as operators use it:
//   1. built in process from the real app (PGlite, the house provider at /house, demo routes on),
//   2. validated against the OpenAPI schema (@apidevtools/swagger-parser),
//   3. linted with Redocly's recommended ruleset (its errors fail the check, its warnings are listed),
//   4. turned into TypeScript by openapi-typescript, and a small openapi-fetch consumer type-checked
//      against it (scripts/openapi/consumer.ts).
// Writes everything to .tmp/openapi/ and exits non-zero on any problem.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import SwaggerParser from "@apidevtools/swagger-parser";
import { createConfig, lintFromString } from "@redocly/openapi-core";
import openapiTS, { astToString } from "openapi-typescript";
import { buildOpenapiDocument } from "../../apps/server/test/helpers/openapi-document.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");
const OUT = path.join(ROOT, ".tmp/openapi");
/** Lines printed per list; the counts are always complete. */
const SHOW_MAX = 50;

/** errors fail the check; warnings (Redocly's, for what the API really does) are only reported. */
type Step = { name: string; errors: string[]; warnings?: string[]; byRule?: Record<string, number> };

function printList(lines: string[]) {
  for (const line of lines.slice(0, SHOW_MAX)) console.log(`    ${line}`);
  if (lines.length > SHOW_MAX) console.log(`    … and ${lines.length - SHOW_MAX} more`);
}

function print(step: Step) {
  const warnings = step.warnings ?? [];
  const mark = step.errors.length === 0 ? "ok" : "FAILED";
  console.log(`${step.name}: ${step.errors.length} error(s), ${warnings.length} warning(s) — ${mark}`);
  for (const [rule, count] of Object.entries(step.byRule ?? {})) console.log(`  ${String(count).padStart(4)} ${rule}`);
  printList(step.errors);
  printList(warnings);
}

async function validate(document: object): Promise<Step> {
  const name = "swagger-parser validate";
  try {
    // Validation dereferences in place: give it a copy.
    await SwaggerParser.validate(structuredClone(document) as never);
    return { name, errors: [] };
  } catch (error) {
    return { name, errors: [(error as Error).message] };
  }
}

async function lint(file: string, source: string): Promise<Step> {
  const config = await createConfig({ extends: ["recommended"] });
  const problems = await lintFromString({ source, absoluteRef: file, config });
  const byRule: Record<string, number> = {};
  for (const problem of problems) {
    const key = `${problem.severity} ${problem.ruleId}`;
    byRule[key] = (byRule[key] ?? 0) + 1;
  }
  const describe = (problem: (typeof problems)[number]) =>
    `${problem.severity} ${problem.ruleId}: ${problem.message} at ${problem.location[0]?.pointer ?? ""}`;
  return {
    name: "redocly lint (recommended)",
    byRule,
    errors: problems.filter((problem) => problem.severity === "error").map(describe),
    warnings: problems.filter((problem) => problem.severity !== "error").map(describe),
  };
}

async function generateAndTypecheck(document: object): Promise<Step> {
  const name = "openapi-typescript + tsc consumer";
  let types: string;
  try {
    types = astToString(await openapiTS(document as never));
  } catch (error) {
    return { name, errors: [`generation failed: ${(error as Error).message}`] };
  }
  fs.writeFileSync(path.join(OUT, "api.ts"), types);
  const tsconfig = {
    extends: "../../tsconfig.base.json",
    compilerOptions: { allowImportingTsExtensions: true, lib: ["ES2023", "DOM"] },
    files: ["../../scripts/openapi/consumer.ts", "api.ts"],
  };
  fs.writeFileSync(path.join(OUT, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
  try {
    execFileSync(process.execPath, [path.join(ROOT, "node_modules/typescript/bin/tsc"), "-p", path.join(OUT, "tsconfig.json")], {
      stdio: "pipe",
      timeout: 300_000,
    });
    return { name, errors: [] };
  } catch (error) {
    const output = String((error as { stdout?: Buffer }).stdout ?? (error as Error).message);
    return { name, errors: output.split("\n").filter((line) => line.trim() !== "") };
  }
}

async function main() {
  fs.mkdirSync(OUT, { recursive: true });
  const document = await buildOpenapiDocument();
  const file = path.join(OUT, "openapi.json");
  const source = JSON.stringify(document, null, 2);
  fs.writeFileSync(file, source);
  const operations = Object.values(document.paths).reduce((n, item) => n + Object.keys(item).length, 0);
  console.log(`${path.relative(ROOT, file)}: ${Object.keys(document.paths).length} paths, ${operations} operations`);

  const steps = [await validate(document), await lint(file, source), await generateAndTypecheck(document)];
  for (const step of steps) print(step);
  const total = steps.reduce((n, step) => n + step.errors.length, 0);
  console.log(total === 0 ? "OpenAPI check passed." : `OpenAPI check failed: ${total} error(s).`);
  process.exitCode = total === 0 ? 0 : 1;
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
