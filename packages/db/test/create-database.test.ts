import { describe, expect, it } from "vitest";
import { createDatabase } from "../src/create-database.ts";

const url = process.env.TEST_DATABASE_URL;

// The application's PostgreSQL sessions run without JIT (create-database.ts says why: LLVM compiled the
// wallet statement's plan on every execution); a DATABASE_URL with its own `options` keeps those.
describe.skipIf(!url)("createDatabase on PostgreSQL", () => {
  it("turns JIT off for its sessions", async () => {
    const database = await createDatabase({ url: url!, poolMax: 2 });
    try {
      expect(await database.query("SHOW jit")).toEqual([{ jit: "off" }]);
    } finally {
      await database.close();
    }
  });

  it("leaves the session settings to a DATABASE_URL that names its own options", async () => {
    const own = new URL(url!);
    own.searchParams.set("options", "-c jit=on -c application_name=croupier-test");
    const database = await createDatabase({ url: own.toString(), poolMax: 2 });
    try {
      expect(await database.query("SHOW jit")).toEqual([{ jit: "on" }]);
      expect(await database.query("SHOW application_name")).toEqual([{ application_name: "croupier-test" }]);
    } finally {
      await database.close();
    }
  });
});
