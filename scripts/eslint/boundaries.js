// The architecture's import boundaries as a lint rule (docs/ARCHITECTURE.md, "Boundaries").
// Resolves each relative import against the importing file and refuses the ones that cross a zone:
//   - a web feature never imports another feature (bridges live in app/components);
//   - the house games never import the server (they are a provider behind the wallet protocol;
//     their integration tests run both and may);
//   - the server never imports the web app (it serves the build, it does not compile it);
//   - packages never import apps.
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
const FEATURES = "apps/web/app/features/";
const CONSOLE_FEATURES = "apps/backoffice/app/features/";

const relativeToRoot = (file) => path.relative(ROOT, file).split(path.sep).join("/");

/** Why `from` may not import `to` (both repository-relative), or null when it may. */
export function crossing(from, to) {
  if (from.startsWith(FEATURES) && to.startsWith(FEATURES)) {
    const own = from.slice(FEATURES.length).split("/")[0];
    const other = to.slice(FEATURES.length).split("/")[0];
    if (own !== other) return `web feature "${own}" imports feature "${other}": features never import each other; wire them in app/components`;
  }
  if (from.startsWith(CONSOLE_FEATURES) && to.startsWith(CONSOLE_FEATURES)) {
    const own = from.slice(CONSOLE_FEATURES.length).split("/")[0];
    const other = to.slice(CONSOLE_FEATURES.length).split("/")[0];
    if (own !== other) return `back-office feature "${own}" imports feature "${other}": features never import each other; share through app/lib or app/components`;
  }
  if (from.startsWith("apps/server/") && to.startsWith("apps/backoffice/")) return "the server imports the back-office console: it serves the console build, never its sources";
  // Integration tests run the platform and the provider together; only they may reach across.
  const isTest = /\.test\.tsx?$/.test(from);
  if (from.startsWith("apps/house-games/") && to.startsWith("apps/server/") && !isTest)
    return "the house games import the server: they are a game provider and talk to the platform only over the wallet protocol";
  if (from.startsWith("apps/server/") && to.startsWith("apps/web/")) return "the server imports the web app: it serves the web build, never its sources";
  if (from.startsWith("packages/") && to.startsWith("apps/")) return "a package imports an app: packages are shared by the apps, never the other way round";
  return null;
}

const rule = {
  meta: { type: "problem", schema: [], docs: { description: "Import boundaries between apps, packages and web features" } },
  create(context) {
    const from = relativeToRoot(context.filename);
    const check = (node) => {
      const specifier = node.source?.value;
      if (typeof specifier !== "string" || !specifier.startsWith(".")) return;
      const to = relativeToRoot(path.resolve(path.dirname(context.filename), specifier));
      const reason = crossing(from, to);
      if (reason) context.report({ node: node.source, message: `Boundary: ${reason} (${specifier}).` });
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { imports: rule } };
