import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import type { ExternalServicesConfig } from "@croupier/contract/entities/external-services-config";
import { onTrackingEvent } from "../../lib/tracking-events";
import {
  allowedServices,
  allowsAnything,
  clearVendorCookies,
  type ConsentChoice,
  type ServiceName,
} from "./allowed-services";
import {
  engagementPage,
  identifyEngagement,
  resetEngagement,
  startEngagement,
  type EngagementIdentity,
} from "./engagement-adapter";
import { useExternalServicesConfig, useHasDeposit } from "./external-services-api";
import { startGoogleAnalytics } from "./ga-adapter";
import { startHotjar } from "./hotjar-adapter";
import { setLiveChatSession, startLiveChat } from "./livechat-adapter";
import { createPageThrottle } from "./page-throttle";
import { startPixel, trackPixel } from "./pixel-adapter";
import { markStarted, started } from "./started-services";
import { startAfterInteraction } from "./start-after-interaction";

function start(name: ServiceName, config: ExternalServicesConfig): Promise<void> {
  switch (name) {
    case "ga":
      return startGoogleAnalytics(config.ga!);
    case "hotjar":
      return startHotjar(config.hotjar!);
    case "engagement":
      return startEngagement(config.engagement!);
    case "pixel":
      return startPixel(config.pixel!);
    case "livechat":
      return startLiveChat(config.livechat!);
  }
}

/**
 * The third-party services (issue #19, ADR 027): asked for and started only after the player's
 * consent, then only after the first interaction or the tab becoming visible, in an idle moment.
 * Withdrawing consent for a running service clears its cookies and reloads the page (a script
 * cannot be unloaded).
 */
export function ExternalServicesRuntime({
  consent,
  identity,
}: {
  consent: ConsentChoice | null | undefined;
  identity: EngagementIdentity | null;
}) {
  const { data: config } = useExternalServicesConfig(allowsAnything(consent));
  const allowed = allowedServices(config, consent);
  const allowedKey = allowed.join(",");
  const [ready, setReady] = useState(false);
  const [running, setRunning] = useState<ServiceName[]>([]);

  // Gate: first interaction or visibility, then idle. Listening starts with the consent, not with the
  // configuration's answer: an interaction while it is on its way counts.
  const anything = allowsAnything(consent);
  useEffect(() => {
    if (ready || !anything) return;
    return startAfterInteraction(() => setReady(true));
  }, [ready, anything]);

  // Start what is allowed; a withdrawn consent for something running reloads without it.
  useEffect(() => {
    if (!config) return;
    const names = allowedKey === "" ? [] : (allowedKey.split(",") as ServiceName[]);
    const withdrawn = [...started].filter((name) => !names.includes(name));
    if (withdrawn.length > 0) {
      clearVendorCookies();
      window.location.reload();
      return;
    }
    if (!ready) return;
    for (const name of names) {
      if (started.has(name)) continue;
      markStarted(name);
      start(name, config).catch((error: unknown) => console.warn(`external service ${name} did not load`, error));
    }
    setRunning(names);
  }, [config, allowedKey, ready]);

  const engagementOn = running.includes("engagement");
  const pixelOn = running.includes("pixel");
  const liveChatOn = running.includes("livechat");

  // Engagement: who the player is (reset at logout), and throttled page calls.
  const identityKey = identity
    ? `${identity.id}|${identity.email}|${identity.first_name ?? ""}|${identity.last_name ?? ""}`
    : "";
  const identified = useRef<string>("");
  useEffect(() => {
    if (!engagementOn) return;
    if (identity && identityKey !== identified.current) identifyEngagement(identity);
    if (!identity && identified.current) resetEngagement();
    identified.current = identityKey;
  }, [engagementOn, identityKey, identity]);

  const throttle = useRef<ReturnType<typeof createPageThrottle> | null>(null);
  useEffect(() => {
    if (!engagementOn) return;
    const pages = createPageThrottle(engagementPage);
    throttle.current = pages;
    const onVisibility = () => document.visibilityState === "visible" && pages.trigger();
    const events = ["focus", "online", "pageshow"] as const;
    for (const type of events) window.addEventListener(type, pages.trigger);
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      for (const type of events) window.removeEventListener(type, pages.trigger);
      document.removeEventListener("visibilitychange", onVisibility);
      pages.cancel();
      throttle.current = null;
    };
  }, [engagementOn]);
  const { pathname } = useLocation();
  useEffect(() => {
    throttle.current?.trigger();
  }, [pathname, engagementOn]);

  // Pixel conversions; with marketing allowed but the pixel's script gone, the seed's console error.
  useEffect(() => {
    if (!pixelOn) return;
    return onTrackingEvent((event) => trackPixel(event));
  }, [pixelOn]);

  // Live chat: session variables filled when the profile loads, reset at logout.
  const { data: hasDeposit } = useHasDeposit(liveChatOn && identity ? identity.id : null);
  useEffect(() => {
    if (!liveChatOn) return;
    if (!identity) {
      setLiveChatSession(null);
      return;
    }
    const name = [identity.first_name, identity.last_name].filter(Boolean).join(" ").trim() || identity.email;
    setLiveChatSession({ name, player_id: identity.id, email: identity.email, has_deposit: hasDeposit === true });
  }, [liveChatOn, identityKey, identity, hasDeposit]);

  return null;
}
