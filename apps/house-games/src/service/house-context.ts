import type { DatabaseHandle } from "@croupier/db/create-database";
import type { WalletClient } from "../wallet/wallet-client.ts";
import type { HouseConfig } from "./house-config.ts";

/** launchSecret: the secret shared with the platform (PROVIDER_HOUSE_SECRET), which also signs each launch (ADR 010). */
export type HouseContext = { database: DatabaseHandle; wallet: WalletClient; config: HouseConfig; launchSecret: string };
