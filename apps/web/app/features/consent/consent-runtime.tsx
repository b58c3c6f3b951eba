import { lazy, Suspense, useEffect, useState } from "react";
import { ConsentBanner } from "./consent-banner";
import { CONSENT_DECIDED_ATTRIBUTE } from "./consent-hint";
import { onOpenConsentSettings, saveConsent } from "./consent-store";
import { useConsent } from "./use-consent";

// The dialog (Radix: focus trap, portal, scroll lock) is ~20 KB gzip that a first visit does not
// need: it loads when first opened and stays mounted after (issue #20, ADR 045).
const ConsentDialog = lazy(() => import("./consent-dialog").then((module) => ({ default: module.ConsentDialog })));

/** The banner until the player decides, and the settings dialog (banner's "Customise", footer's "Cookie settings"). */
export function ConsentRuntime() {
  const consent = useConsent();
  const [dialogOpen, setDialogOpen] = useState(false);
  const [dialogWanted, setDialogWanted] = useState(false);
  if (dialogOpen && !dialogWanted) setDialogWanted(true);
  useEffect(() => onOpenConsentSettings(() => setDialogOpen(true)), []);
  // The head script's mark hides the server-rendered banner; it must not outlive a choice that is gone.
  useEffect(() => {
    if (consent === null) document.documentElement.removeAttribute(CONSENT_DECIDED_ATTRIBUTE);
  }, [consent]);
  return (
    <>
      {/* undefined: server render and hydration, where the stored choice is unknown: the banner is in the
          HTML, hidden by CSS before the first paint when the head script found a choice (ADR 045). */}
      {!consent && !dialogOpen ? (
        <ConsentBanner
          onAcceptAll={() => saveConsent({ analytics: true, marketing: true })}
          onRejectAll={() => saveConsent({ analytics: false, marketing: false })}
          onCustomise={() => setDialogOpen(true)}
        />
      ) : null}
      {dialogWanted ? (
        <Suspense fallback={null}>
          <ConsentDialog
            open={dialogOpen}
            current={consent ?? null}
            onSave={(choice) => {
              saveConsent(choice);
              setDialogOpen(false);
            }}
            onClose={() => setDialogOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
