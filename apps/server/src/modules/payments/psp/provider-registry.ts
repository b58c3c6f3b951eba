import type { Db } from "@croupier/db/create-database";
import type { Env } from "../../../env.ts";
import { AppError } from "../../../lib/app-error.ts";
import type { PaymentProvider } from "./payment-provider.ts";
import { createSandboxProvider } from "./sandbox/sandbox-adapter.ts";

export type ProviderRegistry = {
  get(adapter: string): PaymentProvider;
  has(adapter: string): boolean;
};

/** Adapters by payment_systems.adapter. A real PSP is one more entry here. */
export function createProviderRegistry(deps: { db: Db; env: Env }): ProviderRegistry {
  const providers = new Map<string, PaymentProvider>();
  if (deps.env.SANDBOX_PSP_ENABLED) providers.set("sandbox", createSandboxProvider(deps));
  return {
    has: (adapter) => providers.has(adapter),
    get(adapter) {
      const provider = providers.get(adapter);
      if (!provider) throw new AppError("SERVICE_UNAVAILABLE", "This payment provider is not available at the moment.");
      return provider;
    },
  };
}
