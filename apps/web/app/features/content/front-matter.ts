export type Document = { meta: Record<string, string>; body: string };

/** "---\nkey: value\n---\nbody" → meta + body. Only flat `key: value` lines; that is all our content uses. */
export function splitFrontMatter(source: string): Document {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/.exec(source);
  if (!match) return { meta: {}, body: source };
  const meta: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const index = line.indexOf(":");
    if (index <= 0) continue;
    meta[line.slice(0, index).trim()] = line.slice(index + 1).trim();
  }
  return { meta, body: source.slice(match[0].length) };
}
