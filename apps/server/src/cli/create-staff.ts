/**
 * Adds a back-office staff member, e.g. the first admin of a new installation (issue #15, ADR 017):
 *
 *   npm run staff:create -- --email ops@example.com --role admin [--name "Ops Lead"] [--password ...]
 *
 * Without --password a strong one is generated and printed once (prefer that: a password typed on
 * the command line stays in the shell's history). They enrol two-factor at their first sign-in.
 * Uses DATABASE_URL (PostgreSQL) or the embedded database in DATA_DIR, migrating it first.
 * Exit 0 created, 1 refused (bad input, email taken), 2 could not run.
 */
import { randomBytes } from "node:crypto";
import { parseArgs } from "node:util";
import type { Db } from "@croupier/db/create-database";
import { createDatabase } from "@croupier/db/create-database";
import { migrate } from "@croupier/db/migrate";
import { createStaffBody } from "@croupier/contract/backoffice/staff";
import { STAFF_ROLES } from "@croupier/contract/staff-permissions";
import { loadEnv } from "../env.ts";
import { AppError } from "../lib/app-error.ts";
import { createStaffMember } from "../modules/staff/create-staff-member.ts";

const USAGE = `Usage: npm run staff:create -- --email <address> --role <${STAFF_ROLES.join("|")}> [--name "Display Name"] [--password <password>]`;

export type CreateStaffOutcome = { code: 0 | 1; out: string[] };

/** The command without its process: parses argv, creates the staff member, says what happened. */
export async function createStaffFromArgs(db: Db, argv: string[]): Promise<CreateStaffOutcome> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        email: { type: "string" },
        role: { type: "string" },
        name: { type: "string" },
        password: { type: "string" },
        help: { type: "boolean" },
      },
      strict: true,
    }));
  } catch (error) {
    return { code: 1, out: [(error as Error).message, USAGE] };
  }
  if (values.help || !values.email || !values.role) return { code: 1, out: [USAGE] };
  if (!(STAFF_ROLES as readonly string[]).includes(values.role))
    return { code: 1, out: [`Unknown role "${values.role}". Use one of: ${STAFF_ROLES.join(", ")}.`] };

  const generated = values.password === undefined;
  const password = values.password ?? randomBytes(18).toString("base64url");
  const parsed = createStaffBody.safeParse({
    email: values.email,
    display_name: values.name ?? values.email.split("@")[0],
    role: values.role,
    password,
  });
  if (!parsed.success)
    return {
      code: 1,
      out: parsed.error.issues.map(
        (issue) => `--${issue.path[0] === "display_name" ? "name" : String(issue.path[0])}: ${issue.message}`,
      ),
    };
  try {
    const member = await createStaffMember(
      db,
      { staffId: null, email: null, ip: null, requestId: "cli:staff:create" },
      parsed.data,
    );
    const out = [`Created ${member.role} ${member.email} (${member.id}). Two-factor is set up at the first sign-in.`];
    if (generated) out.push(`Password (shown once, store it safely): ${password}`);
    return { code: 0, out };
  } catch (error) {
    if (error instanceof AppError && error.code === "CONFLICT")
      return { code: 1, out: [`${values.email}: ${error.message}`] };
    if (error instanceof AppError && error.fields)
      return { code: 1, out: error.fields.map((f) => `--${f.field.replace("body.", "")}: ${f.message}`) };
    throw error;
  }
}

async function main(): Promise<number> {
  const env = loadEnv();
  const database = await createDatabase({
    url: env.DATABASE_URL,
    dataDir: env.DATABASE_URL ? undefined : env.DATA_DIR,
    poolMax: 2,
    log: (line) => console.error(line),
  });
  try {
    await migrate(database);
    const outcome = await createStaffFromArgs(database.db, process.argv.slice(2));
    for (const line of outcome.out) (outcome.code === 0 ? console.log : console.error)(line);
    return outcome.code;
  } finally {
    await database.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(`staff:create could not run: ${(error as Error).message}`);
      process.exit(2);
    },
  );
}
