import fs from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults, ElementContext, Result, RunOptions } from "axe-core";
import type { Page } from "playwright-core";

// The accessibility gate (ADR 029): axe-core's own source injected into the page under test and run there,
// with WCAG 2.1 A and AA rules only (best-practice rules are advice, not the standard we hold the app to).

/** The WCAG 2.1 levels A and AA: what the gate holds every page and dialog to. */
export const WCAG_21_AA_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] as const;

// Read once per test file: axe.min.js is about 550 kB.
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

const MAX_TARGETS_PER_RULE = 8;

export type AxeViolation = Pick<Result, "id" | "impact" | "help" | "helpUrl"> & {
  /** CSS selectors of the failing nodes (at most MAX_TARGETS_PER_RULE), iframes joined with " >>> ". */
  targets: string[];
  /** How many nodes fail the rule in all. */
  nodeCount: number;
  /** axe's explanation for the first failing node, e.g. the contrast ratio it measured. */
  firstFailure: string;
};

type AuditOptions = {
  /** Part of the page to check (a dialog): the whole document when absent. */
  include?: string;
  /** Parts left out: third-party frames the app does not control. */
  exclude?: string[];
};

/**
 * Runs axe in the page (injecting it first if this document does not have it yet) and returns the violations.
 * The app's CSP refuses inline scripts: open the page's context with `bypassCSP: true`.
 */
export async function auditAccessibility(page: Page, options: AuditOptions = {}): Promise<AxeViolation[]> {
  const present = await page.evaluate(() => typeof (window as { axe?: unknown }).axe === "object");
  if (!present) await page.addScriptTag({ content: AXE_SOURCE });
  const context: ElementContext = {
    include: options.include ? [options.include] : [["html"]],
    exclude: (options.exclude ?? []).map((selector) => [selector]),
  } as ElementContext;
  const runOptions: RunOptions = {
    runOnly: { type: "tag", values: [...WCAG_21_AA_TAGS] },
    resultTypes: ["violations"],
  };
  // Plain JSON in and out: the page's axe.run gets the context and options as they are written here.
  const run = (args: { context: unknown; options: unknown }) =>
    (window as unknown as { axe: { run: (c: unknown, o: unknown) => Promise<unknown> } }).axe.run(
      args.context,
      args.options,
    );
  const results = (await page.evaluate(run, {
    context: context as unknown,
    options: runOptions as unknown,
  })) as AxeResults;
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    help: violation.help,
    helpUrl: violation.helpUrl,
    nodeCount: violation.nodes.length,
    targets: violation.nodes
      .slice(0, MAX_TARGETS_PER_RULE)
      .map((node) => node.target.map((part) => (Array.isArray(part) ? part.join(" ") : String(part))).join(" >>> ")),
    firstFailure: (violation.nodes[0]?.failureSummary ?? "").replace(/\s+/g, " ").trim(),
  }));
}

/** A readable list for an assertion message: one block per rule with its impact, help and failing selectors. */
export function formatViolations(where: string, violations: AxeViolation[]): string {
  if (violations.length === 0) return `${where}: no violations`;
  const blocks = violations.map((violation) =>
    [
      `  [${violation.impact ?? "unknown"}] ${violation.id}: ${violation.help} (${violation.nodeCount} node${violation.nodeCount === 1 ? "" : "s"})`,
      `    ${violation.helpUrl}`,
      ...violation.targets.map((target) => `    - ${target}`),
      ...(violation.nodeCount > violation.targets.length
        ? [`    … and ${violation.nodeCount - violation.targets.length} more`]
        : []),
      `    first failure: ${violation.firstFailure}`,
    ].join("\n"),
  );
  return `${where}: ${violations.length} WCAG 2.1 AA violation${violations.length === 1 ? "" : "s"}\n${blocks.join("\n")}`;
}
