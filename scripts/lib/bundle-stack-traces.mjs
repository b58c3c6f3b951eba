// The first module of the server bundle (scripts/lib/server-build.mjs, ADR 039): stack traces through the
// source map, read on the first stack that needs it. Node's --enable-source-maps reads and indexes the map of
// every module as it loads, whether or not an error ever happens: for the bundle, ~0.3 s of every start.
// With the flag given anyway, Node's own mapping is left alone.
import fs from "node:fs";
import { SourceMap } from "node:module";
import { fileURLToPath } from "node:url";

const bundleUrl = import.meta.url;
const mapUrl = `${bundleUrl}.map`;
/** undefined: not read yet; null: no usable map (frames stay as they are). */
let sourceMap;

function loadSourceMap() {
  try {
    return new SourceMap(JSON.parse(fs.readFileSync(fileURLToPath(mapUrl), "utf8")));
  } catch {
    return null;
  }
}

/** "file:///…/server.mjs:123:45" → "/…/apps/server/src/x.ts:10:3", or the frame as it was. */
function mapFrame(callSite) {
  const text = callSite.toString();
  if (callSite.getFileName() !== bundleUrl) return text;
  sourceMap ??= loadSourceMap();
  const line = callSite.getLineNumber();
  const column = callSite.getColumnNumber();
  if (!sourceMap || line == null || column == null) return text;
  const entry = sourceMap.findEntry(line - 1, column - 1);
  if (!entry || entry.originalSource === undefined) return text;
  const source = entry.originalSource.startsWith("file:")
    ? fileURLToPath(entry.originalSource)
    : fileURLToPath(new URL(entry.originalSource, mapUrl));
  return text.replace(
    `${bundleUrl}:${line}:${column}`,
    `${source}:${entry.originalLine + 1}:${entry.originalColumn + 1}`,
  );
}

function headerOf(error) {
  try {
    return Error.prototype.toString.call(error);
  } catch {
    return "Error";
  }
}

// Node 20 exposes its default formatter as Error.prepareStackTrace; this module runs before any other code of
// the bundle, so nothing else has replaced it yet.
if (!process.sourceMapsEnabled) {
  Error.prepareStackTrace = (error, callSites) =>
    [headerOf(error), ...callSites.map((callSite) => `    at ${mapFrame(callSite)}`)].join("\n");
}
