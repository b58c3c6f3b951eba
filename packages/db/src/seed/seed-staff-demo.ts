import type { Db } from "../create-database.ts";
import { staffUsers } from "../schema/index.ts";
import { deterministicGuid } from "./deterministic-guid.ts";

// The demo back office (issue #15): one staff member per role, DEMO_MODE only (the server passes
// demoStaff only then; SEED_DEMO_DATA alone never seeds them, since their password is public).
// Each enrols TOTP at first sign-in, as every staff member does; README lists them.

export const DEMO_STAFF_PASSWORD = "croupier-backoffice-demo";

// argon2id m=19456,t=2,p=1 of DEMO_STAFF_PASSWORD, computed once so the db package needs no argon2 binding.
const DEMO_STAFF_PASSWORD_HASH =
  "$argon2id$v=19$m=19456,t=2,p=1$1miKjzQ8dYy5TRvofk5lsw$RgU6ckrYIC340NTj30NIf2AgnrzdX8ZX30zwqZMxdFg";

export const DEMO_STAFF = [
  { email: "admin@croupier.test", display_name: "Ada Admin", role: "admin" },
  { email: "support@croupier.test", display_name: "Sam Support", role: "support" },
  { email: "compliance@croupier.test", display_name: "Cora Compliance", role: "compliance" },
  { email: "finance@croupier.test", display_name: "Finn Finance", role: "finance" },
  { email: "marketing@croupier.test", display_name: "Mia Marketing", role: "marketing" },
] as const;

/** Idempotent: an existing row (same id or email) is left as it is, enrolment and changes included. */
export async function seedStaffDemo(db: Db): Promise<void> {
  await db
    .insert(staffUsers)
    .values(
      DEMO_STAFF.map((staff) => ({
        guid: deterministicGuid(`staff:${staff.role}`),
        ...staff,
        password_hash: DEMO_STAFF_PASSWORD_HASH,
      })),
    )
    .onConflictDoNothing();
}
