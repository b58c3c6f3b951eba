// Which JavaScript files a browser must load before a route is interactive,
// computed from the client build: Vite's .vite/manifest.json gives every
// chunk's static imports; React Router's browser manifest gives the route tree
// (each route's module file and parent). Dynamic imports are not first-load.

/**
 * @typedef {{ file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[] }} ViteChunk
 * @typedef {Record<string, ViteChunk>} ViteManifest
 * @typedef {{ id: string, parentId?: string, path?: string, index?: boolean, module: string, imports?: string[], css?: string[],
 *   clientActionModule?: string, clientLoaderModule?: string, clientMiddlewareModule?: string, hydrateFallbackModule?: string }} RouterRoute
 * @typedef {{ entry: { module: string }, routes: Record<string, RouterRoute>, url?: string }} RouterManifest
 * @typedef {{ route: string, id: string, files: string[], css: string[] }} FirstLoad
 */

/** Reads `window.__reactRouterManifest={...}` as React Router writes it to build/client/assets/manifest-*.js. */
export function parseRouterManifest(source) {
  const start = source.indexOf("{");
  const end = source.lastIndexOf("}");
  if (start < 0 || end < start) throw new Error("Not a React Router manifest file");
  return /** @type {RouterManifest} */ (JSON.parse(source.slice(start, end + 1)));
}

const stripSlash = (file) => file.replace(/^\//, "");

/**
 * The static-import closure of the chunks whose output files are given, as
 * output files (deduplicated, in load order), plus the CSS they pull in.
 * @param {ViteManifest} manifest
 * @param {string[]} files
 */
export function staticClosure(manifest, files) {
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [chunk.file, key]));
  const seen = new Set();
  const css = new Set();
  const out = [];
  const visit = (key) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The Vite manifest has no chunk ${key}`);
    for (const imported of chunk.imports ?? []) visit(imported);
    for (const sheet of chunk.css ?? []) css.add(sheet);
    out.push(chunk.file);
  };
  for (const file of files) {
    const key = byFile.get(stripSlash(file));
    if (!key) throw new Error(`The Vite manifest has no chunk for ${file}`);
    visit(key);
  }
  return { files: out, css: [...css] };
}

/** "/", "/live", "/faq/:faq_name" from the chain of route path segments. */
function urlOf(chain) {
  const segments = chain.map((route) => route.path ?? "").filter(Boolean);
  const joined = `/${segments.join("/")}`.replace(/\/+/g, "/");
  return joined.length > 1 ? joined.replace(/\/$/, "") : joined;
}

/**
 * One row per addressable route (index routes and routes with a path and no
 * index child), root first: the entry chunk and every route module from the
 * root to the route, each with its static imports.
 * @param {ViteManifest} viteManifest
 * @param {RouterManifest} routerManifest
 * @returns {FirstLoad[]}
 */
export function firstLoadByRoute(viteManifest, routerManifest) {
  const routes = Object.values(routerManifest.routes);
  const hasChildren = new Set(routes.map((route) => route.parentId).filter(Boolean));
  const chainOf = (route) => {
    const chain = [];
    for (
      let current = route;
      current;
      current = current.parentId ? routerManifest.routes[current.parentId] : undefined
    ) {
      chain.unshift(current);
      if (chain.length > 64) throw new Error(`Route ${route.id} has a parent cycle`);
    }
    return chain;
  };
  const leaves = routes.filter((route) => route.index || (!hasChildren.has(route.id) && route.path !== undefined));

  const rows = leaves.map((route) => {
    const chain = chainOf(route);
    const modules = [routerManifest.entry.module];
    for (const link of chain) {
      modules.push(
        ...[
          link.clientMiddlewareModule,
          link.clientLoaderModule,
          link.clientActionModule,
          link.hydrateFallbackModule,
        ].filter((module) => typeof module === "string"),
        link.module,
      );
    }
    const closure = staticClosure(viteManifest, modules);
    return { route: urlOf(chain), id: route.id, files: closure.files, css: closure.css };
  });
  // Several route ids can share a URL (a layout's index and a pathless child); keep the first.
  const unique = new Map();
  for (const row of rows) if (!unique.has(row.route)) unique.set(row.route, row);
  return [...unique.values()].sort((a, b) => a.route.localeCompare(b.route));
}

/** "/:filter?" → "/", "/live/:filter?" → "/live": the URL a pattern matches with its optional segments left out. */
export function withoutOptionalSegments(pattern) {
  const kept = pattern.split("/").filter((segment) => segment && !segment.endsWith("?"));
  return `/${kept.join("/")}`;
}

/**
 * A Vite-shaped manifest built from React Router's own, for builds that drop
 * .vite/manifest.json: each module lists its whole static closure as imports.
 * @param {RouterManifest & { entry: { imports?: string[], css?: string[] } }} routerManifest
 * @returns {ViteManifest}
 */
export function viteManifestFromRouter(routerManifest) {
  /** @type {ViteManifest} */
  const manifest = {};
  const add = (module, imports = [], css = []) => {
    const file = stripSlash(module);
    const existing = manifest[file];
    const merged = new Set([...(existing?.imports ?? []), ...imports.map(stripSlash)]);
    merged.delete(file);
    manifest[file] = {
      file,
      imports: [...merged],
      css: [...new Set([...(existing?.css ?? []), ...css.map(stripSlash)])],
    };
    for (const imported of imports)
      if (!manifest[stripSlash(imported)]) manifest[stripSlash(imported)] = { file: stripSlash(imported) };
  };
  add(routerManifest.entry.module, routerManifest.entry.imports, routerManifest.entry.css);
  for (const route of Object.values(routerManifest.routes)) {
    for (const key of ["clientMiddlewareModule", "clientLoaderModule", "clientActionModule", "hydrateFallbackModule"]) {
      if (typeof route[key] === "string") add(route[key]);
    }
    add(route.module, route.imports, route.css);
  }
  return manifest;
}

/**
 * The modules of the given output files that match a forbidden pattern, one row per file and
 * module: what `npm run size -- --check` refuses in the first load of /.
 * @param {string[]} files output files (the first load of a route)
 * @param {Record<string, string[]>} chunkModules output file → the module ids rendered into it
 * @param {{ name: string, pattern: RegExp }[]} forbidden
 * @returns {{ file: string, module: string, name: string }[]}
 */
export function forbiddenModules(files, chunkModules, forbidden) {
  const found = [];
  for (const file of files) {
    const modules = chunkModules[stripSlash(file)];
    if (!modules) throw new Error(`The chunk module list has no entry for ${file}: is it from the same build?`);
    for (const module of modules) {
      const hit = forbidden.find((entry) => entry.pattern.test(module));
      if (hit) found.push({ file, module, name: hit.name });
    }
  }
  return found;
}
