import { Link } from "react-router";

/**
 * The first-visit notice: a non-modal region at the top of the page, in the flow (it covers nothing:
 * no button, launcher or bottom bar hides under it), with refusing as easy as accepting, as the UK
 * and EU regulators ask. Nothing optional runs until a choice.
 */
export function ConsentBanner({ onAcceptAll, onRejectAll, onCustomise }: { onAcceptAll: () => void; onRejectAll: () => void; onCustomise: () => void }) {
  return (
    <section
      role="region"
      aria-label="Cookie consent"
      data-testid="consent-banner"
      data-consent-banner=""
      className="border-b border-ink-600 bg-ink-900 px-4 py-4 tablet:px-6"
    >
      <div className="mx-auto flex max-w-5xl flex-col gap-3 md:flex-row md:items-center">
        <p className="flex-1 text-sm leading-6 text-mist-100">
          We use necessary cookies to run the site. With your permission we would also use analytics (visit statistics,
          session recordings, the support chat) and marketing measurement. See our{" "}
          <Link to="/privacy-policy" className="text-gold-400 underline underline-offset-2">
            privacy policy
          </Link>
          .
        </p>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-ghost h-10" onClick={onCustomise}>
            Customise
          </button>
          <button type="button" className="btn-primary h-10" onClick={onRejectAll}>
            Reject optional
          </button>
          <button type="button" className="btn-primary h-10" onClick={onAcceptAll}>
            Accept all
          </button>
        </div>
      </div>
    </section>
  );
}
