import { describe, expect, it } from "vitest";
import {
  firstLoadByRoute,
  forbiddenModules,
  parseRouterManifest,
  staticClosure,
  viteManifestFromRouter,
  withoutOptionalSegments,
} from "./first-load.mjs";

// A small build: entry imports the React chunk; the root layout imports a UI
// chunk; home is an index route with a dynamic import; /faq/:name is nested.
const viteManifest = {
  "virtual:entry.client": {
    file: "assets/entry.client-a.js",
    isEntry: true,
    imports: ["_react.js"],
  },
  "_react.js": { file: "assets/react-b.js" },
  "_ui.js": { file: "assets/ui-c.js", imports: ["_react.js"], css: ["assets/ui-c.css"] },
  "_markdown.js": { file: "assets/markdown-d.js" },
  "app/root.tsx": {
    file: "assets/root-e.js",
    isEntry: true,
    imports: ["_react.js", "_ui.js"],
    css: ["assets/root-e.css"],
  },
  "app/routes/home.tsx": {
    file: "assets/home-f.js",
    isEntry: true,
    imports: ["_react.js"],
    dynamicImports: ["_markdown.js"],
  },
  "app/routes/faq.tsx": { file: "assets/faq-g.js", isEntry: true, imports: ["_ui.js"] },
  "app/routes/faq-entry.tsx": { file: "assets/faq-entry-h.js", isEntry: true, imports: ["_markdown.js"] },
  "app/routes/faq-index.tsx": { file: "assets/faq-index-i.js", isEntry: true },
  "app/routes/not-found.tsx": { file: "assets/not-found-j.js", isEntry: true },
};

const routerManifest = {
  entry: { module: "/assets/entry.client-a.js" },
  routes: {
    root: { id: "root", path: "", module: "/assets/root-e.js" },
    "routes/home": { id: "routes/home", parentId: "root", index: true, module: "/assets/home-f.js" },
    "routes/faq": { id: "routes/faq", parentId: "root", path: "faq", module: "/assets/faq-g.js" },
    "routes/faq-index": {
      id: "routes/faq-index",
      parentId: "routes/faq",
      index: true,
      module: "/assets/faq-index-i.js",
    },
    "routes/faq-entry": {
      id: "routes/faq-entry",
      parentId: "routes/faq",
      path: ":faq_name",
      module: "/assets/faq-entry-h.js",
    },
    "routes/not-found": { id: "routes/not-found", parentId: "root", path: "*", module: "/assets/not-found-j.js" },
  },
};

describe("first-load", () => {
  it("parses the manifest file React Router writes", () => {
    const parsed = parseRouterManifest(`window.__reactRouterManifest=${JSON.stringify(routerManifest)};`);
    expect(parsed.routes["routes/home"]?.index).toBe(true);
    expect(() => parseRouterManifest("export default 1")).toThrow();
  });

  it("follows static imports once each and ignores dynamic imports", () => {
    const closure = staticClosure(viteManifest, ["/assets/home-f.js", "/assets/root-e.js"]);
    expect(closure.files).toEqual(["assets/react-b.js", "assets/home-f.js", "assets/ui-c.js", "assets/root-e.js"]);
    expect(closure.files).not.toContain("assets/markdown-d.js");
    expect(closure.css).toEqual(["assets/ui-c.css", "assets/root-e.css"]);
  });

  it("lists each addressable route with the entry, its ancestors and their static imports", () => {
    const rows = firstLoadByRoute(viteManifest, routerManifest);
    expect(rows.map((row) => row.route)).toEqual(["/", "/*", "/faq", "/faq/:faq_name"]);
    const byRoute = Object.fromEntries(rows.map((row) => [row.route, row.files]));
    expect(byRoute["/"]).toEqual([
      "assets/react-b.js",
      "assets/entry.client-a.js",
      "assets/ui-c.js",
      "assets/root-e.js",
      "assets/home-f.js",
    ]);
    expect(new Set(byRoute["/faq/:faq_name"])).toEqual(
      new Set([
        "assets/react-b.js",
        "assets/entry.client-a.js",
        "assets/ui-c.js",
        "assets/root-e.js",
        "assets/faq-g.js",
        "assets/markdown-d.js",
        "assets/faq-entry-h.js",
      ]),
    );
    expect(byRoute["/faq"]).toContain("assets/faq-index-i.js");
    expect(byRoute["/faq"]).not.toContain("assets/faq-entry-h.js");
  });

  it("fails loudly when a route module is missing from the Vite manifest", () => {
    const broken = {
      ...routerManifest,
      routes: {
        ...routerManifest.routes,
        extra: { id: "extra", parentId: "root", path: "x", module: "/assets/gone.js" },
      },
    };
    expect(() => firstLoadByRoute(viteManifest, broken)).toThrow(/no chunk for \/assets\/gone.js/);
  });

  it("drops optional segments to find the URL a pattern serves", () => {
    expect(withoutOptionalSegments("/:filter?")).toBe("/");
    expect(withoutOptionalSegments("/live/:filter?")).toBe("/live");
    expect(withoutOptionalSegments("/faq/:faq_name")).toBe("/faq/:faq_name");
    expect(withoutOptionalSegments("/")).toBe("/");
  });

  it("gives the same files from React Router's manifest alone, whose imports are already closed", () => {
    // What React Router writes for this build: each module with its full static closure.
    const closureOf = (module: string) => staticClosure(viteManifest, [module]).files.filter((f) => `/${f}` !== module);
    const withImports = {
      entry: {
        module: routerManifest.entry.module,
        imports: closureOf(routerManifest.entry.module).map((f) => `/${f}`),
      },
      routes: Object.fromEntries(
        Object.entries(routerManifest.routes).map(([id, route]) => [
          id,
          { ...route, imports: closureOf(route.module).map((f) => `/${f}`) },
        ]),
      ),
    };
    const fromVite = firstLoadByRoute(viteManifest, routerManifest);
    const fromRouter = firstLoadByRoute(viteManifestFromRouter(withImports), withImports);
    expect(fromRouter.map((row) => [row.route, new Set(row.files)])).toEqual(
      fromVite.map((row) => [row.route, new Set(row.files)]),
    );
  });

  it("names each forbidden module in the first load of a route, and only there", () => {
    const chunkModules = {
      "assets/entry.client-a.js": ["app/entry.client.tsx", "../../node_modules/zod/v4/classic/schemas.js"],
      "assets/react-b.js": ["../../node_modules/react/index.js"],
      "assets/ui-c.js": ["../../node_modules/@radix-ui/react-dialog/dist/index.mjs"],
      "assets/root-e.js": ["app/root.tsx"],
      "assets/home-f.js": ["app/routes/home.tsx"],
      "assets/markdown-d.js": ["../../node_modules/zod/v4/core/core.js"],
    };
    const forbidden = [
      { name: "zod", pattern: /\/node_modules\/zod\// },
      { name: "radix", pattern: /\/node_modules\/@radix-ui\// },
    ];
    const home = firstLoadByRoute(viteManifest, routerManifest).find((row) => row.route === "/")!;
    expect(forbiddenModules(home.files, chunkModules, forbidden)).toEqual([
      { file: "assets/entry.client-a.js", module: "../../node_modules/zod/v4/classic/schemas.js", name: "zod" },
      { file: "assets/ui-c.js", module: "../../node_modules/@radix-ui/react-dialog/dist/index.mjs", name: "radix" },
    ]);
    // The dynamically imported markdown chunk has zod too, but it is not first load.
    expect(forbiddenModules(["assets/home-f.js", "assets/react-b.js"], chunkModules, forbidden)).toEqual([]);
    expect(() => forbiddenModules(["assets/other.js"], chunkModules, forbidden)).toThrow(
      /no entry for assets\/other.js/,
    );
  });
});
