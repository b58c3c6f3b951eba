import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The lint zones must fail on a deliberate cross-import (issue #14 item 6), with the repository's own config.
const root = path.resolve(import.meta.dirname, "../..");
const eslint = new ESLint({ cwd: root });

async function boundaryMessages(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "boundaries/imports").map((m) => m.message);
}

describe("import boundaries", () => {
  it("refuses a web feature importing another feature, and allows its own files and shared code", async () => {
    const crossing = await boundaryMessages("apps/web/app/features/catalog/zz-probe.ts", 'import { x } from "../wallet/wallet-queries";\nexport const y = x;\n');
    expect(crossing).toHaveLength(1);
    expect(crossing[0]).toMatch(/feature "catalog" imports feature "wallet"/);
    const fine = await boundaryMessages("apps/web/app/features/catalog/zz-probe.ts", 'import { x } from "./game-card";\nimport { z } from "../../lib/api-get";\nexport const y = [x, z];\n');
    expect(fine).toEqual([]);
  });

  it("refuses the house games importing the server, the server importing the web app, packages importing apps", async () => {
    expect(await boundaryMessages("apps/house-games/src/zz-probe.ts", 'export { buildApp } from "../../server/src/app.ts";\n')).toHaveLength(1);
    expect(await boundaryMessages("apps/server/src/zz-probe.ts", 'import("../../web/app/root.tsx");\n')).toHaveLength(1);
    expect(await boundaryMessages("packages/contract/src/zz-probe.ts", 'import { env } from "../../../apps/server/src/env.ts";\nexport const e = env;\n')).toHaveLength(1);
  });
});

describe("import boundaries of the back-office console", () => {
  it("refuses a console feature importing another feature, and the server importing the console", async () => {
    const crossing = await boundaryMessages("apps/backoffice/app/features/players/zz-probe.ts", 'import { x } from "../reports/get-daily-report";\nexport const y = x;\n');
    expect(crossing).toHaveLength(1);
    expect(crossing[0]).toMatch(/back-office feature "players" imports feature "reports"/);
    const fine = await boundaryMessages("apps/backoffice/app/features/players/zz-probe.ts", 'import { x } from "./format";\nimport { z } from "../../lib/staff-api";\nexport const y = [x, z];\n');
    expect(fine).toEqual([]);
    expect(await boundaryMessages("apps/server/src/zz-probe.ts", 'import("../../backoffice/app/main.tsx");\n')).toHaveLength(1);
  });
});
