/**
 * Control characters in input (issue #13 item 10). PostgreSQL refuses NUL in text and jsonb, so one
 * NUL used to surface as a 500 with the failed query in the log; the others (escape sequences, C1
 * codes) have no business in a name or an address either. Tab, line feed and carriage return stay
 * allowed: multi-line text (a message, an address) is legitimate.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

// A JSON body is at most BODY_LIMIT_BYTES; these bound the walk whatever its shape.
const MAX_DEPTH = 32;
const MAX_FINDINGS = 10;

export const CONTROL_CHARACTER_MESSAGE = "must not contain control characters";

export const hasControlCharacter = (value: string): boolean => CONTROL.test(value);

/** Dotted paths ("profile.first_name", "items.0.name") of strings, or object keys, holding a control character. */
export function findControlCharacters(value: unknown): string[] {
  const found: string[] = [];
  const walk = (node: unknown, path: string[], depth: number): void => {
    if (found.length >= MAX_FINDINGS) return;
    if (typeof node === "string") {
      if (CONTROL.test(node)) found.push(path.join("."));
      return;
    }
    if (node === null || typeof node !== "object" || depth >= MAX_DEPTH) return;
    // Raw bodies (webhooks, the provider wallet) are checked by whoever parses them.
    if (Buffer.isBuffer(node) || ArrayBuffer.isView(node)) return;
    if (Array.isArray(node)) {
      node.forEach((item, index) => walk(item, [...path, String(index)], depth + 1));
      return;
    }
    for (const [key, child] of Object.entries(node)) {
      if (CONTROL.test(key)) {
        found.push([...path, key.replace(new RegExp(CONTROL.source, "g"), "?")].join("."));
        continue;
      }
      walk(child, [...path, key], depth + 1);
    }
  };
  walk(value, [], 0);
  return found;
}
