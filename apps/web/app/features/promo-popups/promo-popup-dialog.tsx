import type { HubBonus } from "@croupier/contract/entities/bonus";
import { Dialog } from "radix-ui";
import { Link, useLocation } from "react-router";
import { Icon } from "../../components/icons";
import { toSearch, withModal } from "../../lib/modal-params";
import { pickWelcomeOffer, useWelcomeOffers, type PromoKind } from "./welcome-offer-api";

/** The seed's ids and width of the two pop-ups. */
export const PROMO_POPUP_IDS: Record<PromoKind, string> = { register: "flow_1", deposit: "FlowNotActivated" };
export const PROMO_POPUP_WIDTH = 983;

const TEXT: Record<PromoKind, { title: string; action: string; modal: string; pitch: string }> = {
  register: {
    title: "Join Croupier",
    action: "Sign up",
    modal: "register",
    pitch: "Live dealer tables and hundreds of slots, one account. Signing up takes a minute.",
  },
  deposit: {
    title: "Your welcome bonus is waiting",
    action: "Deposit now",
    modal: "deposit",
    pitch: "Make your first deposit to claim it.",
  },
};

export type PromoPopupDialogProps = {
  kind: PromoKind;
  userId: string | null;
  onClose: () => void;
  /** The offer's one-line headline ("100% up to 100 USD"): the bonus feature's display form, composed in. */
  headline: (offer: HubBonus) => string;
};

/**
 * A promo pop-up (register: flow_1, deposit: FlowNotActivated; 983 px wide): the current welcome offer
 * from the bonus engine and one call to action that opens the register or deposit dialog over the page,
 * keeping the page's other parameters. Radix gives the focus trap, Escape, outside click and the name.
 * Without an offer the register promo makes a generic pitch (the deposit promo never opens without one).
 */
export function PromoPopupDialog({ kind, userId, onClose, headline }: PromoPopupDialogProps) {
  const location = useLocation();
  const offers = useWelcomeOffers(userId, true);
  const offer = offers.data ? pickWelcomeOffer(kind, offers.data) : null;
  const text = TEXT[kind];
  const to = location.pathname + toSearch(withModal(new URLSearchParams(location.search), text.modal));
  const id = PROMO_POPUP_IDS[kind];
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-overlay bg-ink-950/75 backdrop-blur-sm" />
        <Dialog.Content
          id={id}
          data-modal={id}
          data-promo-popup={kind}
          style={{ maxWidth: PROMO_POPUP_WIDTH }}
          className="fixed top-1/2 left-1/2 z-modal grid max-h-[calc(100dvh-1rem)] w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-gold-500/30 bg-ink-850 shadow-2xl focus:outline-none tablet:grid-cols-[2fr_3fr] [@media(max-height:500px)]:grid-cols-[1fr_2fr]"
        >
          <div className="flex items-center justify-center bg-[radial-gradient(ellipse_at_center,rgba(245,180,37,0.28),transparent_70%)] p-6 tablet:p-10 [@media(max-height:500px)]:p-4">
            <PromoArtwork className="h-auto w-40 max-w-full tablet:w-64 [@media(max-height:500px)]:w-28" />
          </div>
          <div className="flex flex-col gap-4 px-6 pt-2 pb-8 tablet:py-12 tablet:pr-12 tablet:pl-2 [@media(max-height:500px)]:gap-2 [@media(max-height:500px)]:py-4">
            <Dialog.Title className="pr-10 text-2xl font-bold text-white tablet:text-3xl">{text.title}</Dialog.Title>
            <Dialog.Description asChild>
              <div aria-live="polite" aria-busy={offers.isPending}>
                {offers.isPending ? (
                  <OfferSkeleton />
                ) : offer ? (
                  <div data-testid="promo-offer" data-bonus-guid={offer.bonus_guid}>
                    <p className="text-sm font-semibold tracking-wide text-mist-300 uppercase">{offer.bonus_name}</p>
                    <p className="mt-1 text-3xl font-extrabold text-gold-400 tablet:text-4xl [@media(max-height:500px)]:text-2xl">{headline(offer)}</p>
                    {offer.description ? <p className="mt-2 line-clamp-3 text-base text-mist-300">{offer.description}</p> : null}
                    <p className="mt-2 text-sm text-mist-400">{kind === "register" ? "Sign up to claim it. Terms apply." : `${text.pitch} Terms apply.`}</p>
                  </div>
                ) : (
                  <p className="text-base text-mist-300" data-testid="promo-pitch">
                    {TEXT.register.pitch}
                  </p>
                )}
              </div>
            </Dialog.Description>
            <div className="mt-auto flex flex-wrap gap-3 pt-2">
              <Link to={to} preventScrollReset onClick={onClose} className="btn-primary h-12 px-8 text-base [@media(max-height:500px)]:h-10">
                {text.action}
              </Link>
              <Dialog.Close className="btn-ghost h-12 px-6 text-base [@media(max-height:500px)]:h-10">Not now</Dialog.Close>
            </div>
          </div>
          <Dialog.Close
            className="absolute top-4 right-4 grid size-9 place-items-center rounded-lg text-mist-400 hover:bg-ink-700 hover:text-white"
            aria-label="Close"
          >
            <Icon name="close" />
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function OfferSkeleton() {
  return (
    <div className="flex flex-col gap-2" data-testid="promo-offer-skeleton">
      <span className="sr-only">Loading the offer…</span>
      <div className="h-4 w-40 animate-pulse rounded bg-ink-700" />
      <div className="h-9 w-64 max-w-full animate-pulse rounded bg-ink-700" />
      <div className="h-4 w-full animate-pulse rounded bg-ink-800" />
    </div>
  );
}

/** Croupier's own artwork: a gift box with a gold ribbon and chips. Decorative. */
function PromoArtwork({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 200 180" aria-hidden="true" className={className}>
      <defs>
        <linearGradient id="pp-gold" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#ffe19a" />
          <stop offset="0.55" stopColor="#f5b425" />
          <stop offset="1" stopColor="#d99a1e" />
        </linearGradient>
      </defs>
      <ellipse cx="100" cy="168" rx="70" ry="8" fill="#07090f" opacity="0.6" />
      <rect x="40" y="78" width="120" height="86" rx="8" fill="#7b3fe4" />
      <rect x="32" y="60" width="136" height="26" rx="6" fill="#9461f0" />
      <rect x="91" y="60" width="18" height="104" fill="url(#pp-gold)" />
      <path d="M100 60c-10-22-38-30-40-12-2 14 22 14 40 12zm0 0c10-22 38-30 40-12 2 14-22 14-40 12z" fill="none" stroke="url(#pp-gold)" strokeWidth="8" strokeLinejoin="round" />
      <circle cx="30" cy="136" r="18" fill="url(#pp-gold)" />
      <circle cx="30" cy="136" r="12" fill="none" stroke="#fff3c4" strokeWidth="2.5" strokeDasharray="6 5" />
      <circle cx="172" cy="126" r="14" fill="url(#pp-gold)" />
      <circle cx="172" cy="126" r="9" fill="none" stroke="#fff3c4" strokeWidth="2" strokeDasharray="5 4" />
      <g fill="#ffe19a">
        <path d="M28 28l3 8 8 3-8 3-3 8-3-8-8-3 8-3z" />
        <path d="M172 34l2 5 5 2-5 2-2 5-2-5-5-2 5-2z" />
      </g>
    </svg>
  );
}
