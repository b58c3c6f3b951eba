import { CONSENT_STORAGE_KEY } from "./consent-store";

/** The attribute the hint sets on <html> when a choice is stored; app.css hides the banner then. */
export const CONSENT_DECIDED_ATTRIBUTE = "data-consent-decided";

/**
 * An inline script for the page's <head> (runs before the body paints): marks <html> when the
 * stored choice parses as parseConsent would accept it. The banner is server-rendered for every
 * visitor, so a first visit paints it with the page (it used to appear at hydration, pushing the
 * page down: CLS 0.26 and the late LCP element on mobile); a returning player never sees it. The
 * consent runtime removes the mark after hydration should it disagree (ADR 045).
 */
export const CONSENT_HINT_SCRIPT = `try{var r=localStorage.getItem(${JSON.stringify(CONSENT_STORAGE_KEY)});if(r&&r.length<=500){var v=JSON.parse(r);if(v&&typeof v.analytics==="boolean"&&typeof v.marketing==="boolean"&&typeof v.decided_at==="string")document.documentElement.setAttribute("${CONSENT_DECIDED_ATTRIBUTE}","")}}catch(e){}`;
