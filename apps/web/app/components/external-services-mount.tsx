import { useMemo } from "react";
import { useConsent } from "../features/consent/use-consent";
import { ExternalServicesRuntime } from "../features/external-services/external-services-runtime";
import { useProfile } from "../features/identity/profile";
import { useAuth } from "../lib/use-auth";

/** The consent choice and the player's identity, handed to the third-party services (ADR 027). */
export function ExternalServicesMount() {
  const consent = useConsent();
  const { authenticated } = useAuth();
  const profile = useProfile().data;
  const on = authenticated && profile;
  const identity = useMemo(
    () => (on ? { id: on.id, email: on.email, first_name: on.first_name, last_name: on.last_name } : null),
    [on],
  );
  return <ExternalServicesRuntime consent={consent} identity={identity} />;
}
