import { openConsentSettings } from "./consent-store";

/** "Cookie settings" in the footer: the player changes or withdraws consent at any time. */
export function CookieSettingsButton({ className }: { className?: string }) {
  return (
    <button type="button" className={className} onClick={openConsentSettings}>
      Cookie settings
    </button>
  );
}
