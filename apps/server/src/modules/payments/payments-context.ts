import type { FastifyBaseLogger } from "fastify";
import type { Db } from "@croupier/db/create-database";
import type { Env } from "../../env.ts";
import type { ProviderRegistry } from "./providers/provider-registry.ts";

/** What the payment services need: the database, settings, the PSP adapters and a logger. */
export type PaymentsContext = { db: Db; env: Env; providers: ProviderRegistry; log: FastifyBaseLogger };
