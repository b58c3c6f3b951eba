import type { DatabaseHandle } from "@croupier/db/create-database";
import type { WalletClient } from "../wallet/wallet-client.ts";
import type { HouseConfig } from "./house-config.ts";

export type HouseContext = { database: DatabaseHandle; wallet: WalletClient; config: HouseConfig };
