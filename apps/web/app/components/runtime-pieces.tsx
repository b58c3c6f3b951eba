import { AppUpdates } from "../features/app-updates/app-updates";
import { LimitPromptMount } from "../features/limit-prompt/limit-prompt-mount";
import { InstalledAppRuntime } from "../features/pwa/installed-app-runtime";
import type { PromoPopupsConfig } from "../features/promo-popups/promo-popups-config";
import { ExternalServicesMount } from "./external-services-mount";
import { FirstDepositBridge } from "./first-deposit-bridge";
import { PromoPopupsMount } from "./promo-popups-mount";
import { RealtimeBridge } from "./realtime-bridge";

/** Every page's runtimes that render nothing until something happens (loaded after hydration, ADR 045). */
export function VisitorRuntimes({ promoPopups }: { promoPopups: PromoPopupsConfig }) {
  return (
    <>
      <AppUpdates />
      <InstalledAppRuntime />
      <ExternalServicesMount />
      <PromoPopupsMount config={promoPopups} />
    </>
  );
}

/**
 * A logged-in player's runtimes. The realtime bridge mounts at the latest with the connection (the
 * socket.io client loads at login too); should it mount after the socket joined, its mount effect
 * sees the connected state and reads wallets and notifications again, as on every connection.
 */
export function PlayerRuntimes() {
  return (
    <>
      <RealtimeBridge />
      <FirstDepositBridge />
      <LimitPromptMount />
    </>
  );
}
