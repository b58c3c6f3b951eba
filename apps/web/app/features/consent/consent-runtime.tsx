import { useEffect, useState } from "react";
import { ConsentBanner } from "./consent-banner";
import { ConsentDialog } from "./consent-dialog";
import { onOpenConsentSettings, saveConsent } from "./consent-store";
import { useConsent } from "./use-consent";

/** The banner until the player decides, and the settings dialog (banner's "Customise", footer's "Cookie settings"). */
export function ConsentRuntime() {
  const consent = useConsent();
  const [dialogOpen, setDialogOpen] = useState(false);
  useEffect(() => onOpenConsentSettings(() => setDialogOpen(true)), []);
  return (
    <>
      {/* undefined: server render and hydration, where the stored choice is unknown. */}
      {consent === null && !dialogOpen ? (
        <ConsentBanner
          onAcceptAll={() => saveConsent({ analytics: true, marketing: true })}
          onRejectAll={() => saveConsent({ analytics: false, marketing: false })}
          onCustomise={() => setDialogOpen(true)}
        />
      ) : null}
      <ConsentDialog
        open={dialogOpen}
        current={consent ?? null}
        onSave={(choice) => {
          saveConsent(choice);
          setDialogOpen(false);
        }}
        onClose={() => setDialogOpen(false)}
      />
    </>
  );
}
