// Compiled in by the web build (apps/web/app-build.ts); undefined in unit tests.
declare const __BUILD_ID__: string | undefined;

/** The id of the build this tab runs, or null outside a build (tests). */
export const CURRENT_BUILD_ID: string | null = typeof __BUILD_ID__ === "string" ? __BUILD_ID__ : null;
