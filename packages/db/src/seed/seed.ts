import type { Db } from "../create-database.ts";
import { seedReferenceData } from "./seed-reference-data.ts";
import { seedCatalog } from "./catalog/seed-catalog.ts";
import { seedIdentity, seedIdentityDemo } from "./seed-identity.ts";
import { seedWalletDemo } from "./seed-wallet-demo.ts";
import { seedExchangeRatesDemo } from "./seed-exchange-rates-demo.ts";
import { seedPayments } from "./seed-payments.ts";
import { seedStaffDemo } from "./seed-staff-demo.ts";
import { seedBonusesDemo } from "./seed-bonuses-demo.ts";
import { seedSegmentsDemo } from "./seed-segments-demo.ts";
import { seedPromoCodesDemo } from "./seed-promo-codes-demo.ts";
import { seedLoyaltyDemo } from "./seed-loyalty-demo.ts";

export type SeedOptions = {
  demo: boolean;
  /** The demo back-office staff (public password): DEMO_MODE only, never SEED_DEMO_DATA alone. */
  demoStaff?: boolean;
  /**
   * The demo bonus campaigns (an active first-deposit match among them), with the demo data unless
   * false: test databases leave them out unless asked, since such an offer changes every deposit.
   */
  demoBonuses?: boolean;
};

/** Idempotent: running it twice changes nothing. Reference data always; demo data when asked. */
export async function seed(db: Db, _options: SeedOptions): Promise<void> {
  await seedReferenceData(db);
  await seedCatalog(db, _options);
  await seedIdentity(db);
  await seedPayments(db);
  if (_options.demo) await seedIdentityDemo(db);
  if (_options.demo) await seedWalletDemo(db);
  if (_options.demo) await seedExchangeRatesDemo(db);
  if (_options.demo && _options.demoBonuses !== false) await seedBonusesDemo(db);
  if (_options.demo && _options.demoBonuses !== false) await seedPromoCodesDemo(db);
  // Demo segments (rules, a VIP payment segment) are promotions data: left out of test databases with the bonuses.
  if (_options.demo && _options.demoBonuses !== false) await seedSegmentsDemo(db);
  // Levels only: nothing in them changes a deposit or a bet, so test databases get them too.
  if (_options.demo) await seedLoyaltyDemo(db);
  if (_options.demoStaff) await seedStaffDemo(db);
}
