// npm run build:server: the server as one ES module for production (scripts/lib/server-build.mjs, ADR 039).
import { buildServer } from "./lib/server-build.mjs";

try {
  await buildServer();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
