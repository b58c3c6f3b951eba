import { createHash } from "node:crypto";

/**
 * Every inline <script> of a rendered document (no src attribute) and what the browser hashes for
 * CSP: the element's source text, byte for byte. React and React Router escape "<" inside the
 * scripts they write (\u003c), so the first "</script" ends the element as it does for the parser.
 */
const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi;

/** 'sha256-…' source expressions for script-src, one per distinct inline script, in document order. */
export function hashInlineScripts(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(INLINE_SCRIPT)) {
    const text = match[1] ?? "";
    hashes.add(`'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`);
  }
  return [...hashes];
}
