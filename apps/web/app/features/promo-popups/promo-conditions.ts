import { MODAL_PARAM } from "../../lib/modal-params";

/** Marks the pop-ups' own dialogs (data-promo-popup on their content), so they never count as "another dialog is open". */
export const PROMO_POPUP_ATTRIBUTE = "data-promo-popup";

const WALLET_MONEY_PAGES = new Set(["/account/wallets/deposit", "/account/wallets/withdraw"]);

/** Any open dialog of the app (?modal= dialogs, consent settings, reality check, live chat…) but ours. */
export function otherDialogOpen(doc: Pick<Document, "querySelector">): boolean {
  return doc.querySelector(`[role="dialog"]:not([${PROMO_POPUP_ATTRIBUTE}]), [role="alertdialog"]:not([${PROMO_POPUP_ATTRIBUTE}])`) !== null;
}

/** A game fills the page: no promotion over it. */
function onGamePage(pathname: string): boolean {
  return pathname.startsWith("/game/");
}

export type PageState = { pathname: string; search: string };

/**
 * The register promo waits while any ?modal= dialog is asked for (modal=register above all), another
 * dialog is open or a game is playing.
 */
export function registerPromoBlocked(page: PageState, doc: Pick<Document, "querySelector">): boolean {
  return new URLSearchParams(page.search).has(MODAL_PARAM) || otherDialogOpen(doc) || onGamePage(page.pathname);
}

/**
 * The deposit promo waits on the wallet's deposit and withdraw pages, with modal=deposit (or any other
 * ?modal= dialog), while another dialog is open and during a game.
 */
export function depositPromoBlocked(page: PageState, doc: Pick<Document, "querySelector">): boolean {
  const path = page.pathname.replace(/\/+$/, "") || "/";
  return WALLET_MONEY_PAGES.has(path) || new URLSearchParams(page.search).has(MODAL_PARAM) || otherDialogOpen(doc) || onGamePage(page.pathname);
}
