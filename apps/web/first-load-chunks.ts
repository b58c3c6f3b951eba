import path from "node:path";
import type { Plugin, UserConfig } from "vite";

// Left to itself, Rolldown splits what every page loads into ~35 small chunks (one per set of
// importing route modules). Small files compress badly and each costs a request and its
// import/export glue, so the code every page needs goes into three chunks:
// - framework: React, React Router and TanStack Query;
// - app-root: what the client entry and root route import statically;
// - site-shell: what the site frame (header, sidebar, footer) adds, shared by the default and
//   account layouts (the game page, in the empty layout, does not load it).
// Everything else (routes, dialogs, lazy pieces) keeps the automatic splitting.
const FRAMEWORK =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query))[\\/]/;
const ROOTS = {
  appRoot: [/[\\/]app[\\/]entry\.client\.tsx$/, /[\\/]app[\\/]root\.tsx$/],
  siteShell: [/[\\/]app[\\/]components[\\/]site-shell\.tsx$/],
};

/** Where the client build lists each chunk's modules, next to Vite's manifest: `npm run size -- --check` reads it. */
export const CHUNK_MODULES_FILE = ".vite/chunk-modules.json";

type ModuleGraph = { ids: Iterable<string>; importedIds: (id: string) => readonly string[] };

/** Every module reachable through static imports from the modules whose id matches one of the roots. */
export function staticClosure(graph: ModuleGraph, roots: RegExp[], stop: (id: string) => boolean = () => false) {
  const seen = new Set<string>();
  const queue = [...graph.ids].filter((id) => roots.some((root) => root.test(id)));
  while (queue.length > 0) {
    const id = queue.pop()!;
    if (seen.has(id) || stop(id)) continue;
    seen.add(id);
    queue.push(...graph.importedIds(id));
  }
  return seen;
}

export function firstLoadChunks(): { plugin: Plugin; client: UserConfig } {
  let appRoot = new Set<string>();
  let siteShell = new Set<string>();
  const plugin: Plugin = {
    name: "croupier:first-load-chunks",
    apply: "build",
    buildEnd() {
      if (this.environment.name !== "client") return;
      const graph: ModuleGraph = {
        ids: [...this.getModuleIds()],
        importedIds: (id) => this.getModuleInfo(id)?.importedIds ?? [],
      };
      const isFramework = (id: string) => FRAMEWORK.test(id);
      appRoot = staticClosure(graph, ROOTS.appRoot, isFramework);
      siteShell = staticClosure(graph, ROOTS.siteShell, (id) => isFramework(id) || appRoot.has(id));
    },
    // Which modules ended up in which chunk (the manifest says only which chunks import which), so
    // the size check can refuse a big library in the first load (issue #20, ADR 045). Ids are
    // relative to the app and without query suffixes: nothing of the build machine's paths leaks.
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      const appDir = this.environment.config.root;
      const modules: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const ids = Object.entries(output.modules)
          .filter(([, rendered]) => rendered.renderedLength > 0)
          .map(([id]) =>
            path
              .relative(appDir, id.replace(/[?#].*$/, "").replace(/^\0/, ""))
              .split(path.sep)
              .join("/"),
          );
        modules[output.fileName] = [...new Set(ids)].sort();
      }
      this.emitFile({ type: "asset", fileName: CHUNK_MODULES_FILE, source: `${JSON.stringify(modules, null, 1)}\n` });
    },
  };
  const client: UserConfig = {
    build: {
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: "framework", test: FRAMEWORK, priority: 3 },
              { name: "app-root", test: (id) => appRoot.has(id), priority: 2 },
              { name: "site-shell", test: (id) => siteShell.has(id), priority: 1 },
            ],
          },
        },
      },
    },
  };
  return { plugin, client };
}
