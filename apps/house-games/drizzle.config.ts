import { defineConfig } from "drizzle-kit";

// The provider's own migrations: only the "house" schema, never platform tables.
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/db/schema.ts",
  out: "./migrations",
  schemaFilter: ["house"],
});
