import type { HubBonus } from "@croupier/contract/entities/bonus";
import { Link, useSearchParams } from "react-router";
import { ModalLink } from "../../components/modal-link";
import { useAuth } from "../../lib/use-auth";
import { BONUS_INFO_PARAM, BonusTermsList, safeImageSrc } from "./bonus-display";
import { headline, termRows } from "./bonus-terms";
import { useHubBonus, useHubBonuses } from "./bonuses-api";
import { promotionNote } from "./promotion-note";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MODAL_PREFIX = "bonus-info";

/** The n of bonus-info{n}: the offer's deposit number (0 = an offer without one). */
export function bonusInfoNumber(modal: string | null): number {
  if (!modal?.startsWith(MODAL_PREFIX)) return 0;
  const n = Number(modal.slice(MODAL_PREFIX.length));
  return Number.isSafeInteger(n) && n >= 0 ? n : 0;
}

/**
 * The bonus-info{n} dialog's body: the offer named by ?bonus_guid= (GET /bonus), or else the first
 * running offer for the n-th deposit (GET /bonus_hub?deposit_number=n). It shows the display form
 * and the full terms (shown in full before activation, as the gb profile requires) and, for a
 * deposit offer the player can get, the way to the deposit dialog.
 */
export function BonusInfoContent({ close, coinShop }: { close: () => void; coinShop: boolean }) {
  const { authenticated, userId } = useAuth();
  const [search] = useSearchParams();
  const requested = search.get(BONUS_INFO_PARAM);
  const bonusGuid = requested && UUID.test(requested) ? requested.toLowerCase() : null;
  const n = bonusInfoNumber(search.get("modal"));
  const one = useHubBonus(userId, bonusGuid);
  const byDeposit = useHubBonuses(userId, { deposit_number: Math.max(1, n) }, bonusGuid === null && n >= 1);
  const query = bonusGuid !== null ? one : n >= 1 ? byDeposit : null;
  const offer: HubBonus | undefined = bonusGuid !== null ? one.data : byDeposit.data?.items[0];

  if (query?.isPending) return <p role="status" className="text-sm text-mist-400">Loading the offer…</p>;
  if (!offer)
    return (
      <div className="space-y-4">
        <p role="alert" className="text-sm text-mist-300">
          {query?.isError ? "This offer could not be loaded. It may have ended." : "This offer is not available right now."}
        </p>
        <button type="button" className="btn-ghost" onClick={close}>
          Close
        </button>
      </div>
    );

  const background = safeImageSrc(offer.background_image);
  const eligibility = offer.eligibility;
  const canDeposit = authenticated && offer.bonus_trigger === "deposit" && eligibility?.eligible !== false;
  const note = promotionNote(offer, { coinShop });
  return (
    <div className="space-y-5" data-testid="bonus-info" data-bonus-guid={offer.bonus_guid}>
      {background ? <img src={background} alt="" className="h-32 w-full rounded-xl object-cover" /> : null}
      <div>
        <h3 className="text-lg font-semibold text-white">{offer.bonus_name}</h3>
        <p className="text-xl font-bold text-gold-400">{headline(offer)}</p>
        {offer.description ? <p className="mt-2 text-sm whitespace-pre-line text-mist-300">{offer.description}</p> : null}
      </div>
      <BonusTermsList rows={termRows(offer)} />
      <section aria-label="Full terms" className="space-y-2">
        <h4 className="text-sm font-semibold text-white">Full terms</h4>
        <div className="max-h-64 overflow-y-auto rounded-xl border border-ink-700 bg-ink-900/50 p-3 text-sm whitespace-pre-line text-mist-300" tabIndex={0}>
          {offer.terms || "Standard bonus terms apply: the terms above are the complete conditions of this offer."}
        </div>
      </section>
      {/* A coin bonus's trigger is manual (the coin shop grants it): "granted by our team" would mislead. */}
      {eligibility && !eligibility.eligible && offer.bonus_type !== "coin" ? (
        <p className="text-sm text-mist-300">
          <span className="font-medium text-mist-100">Not available: </span>
          {eligibility.reason ?? "This offer is not available for your account."}
        </p>
      ) : note ? (
        <p className="text-sm text-mist-300">{note.text}</p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        <button type="button" className="btn-ghost" onClick={close}>
          Close
        </button>
        {canDeposit ? (
          <ModalLink modal="deposit" className="btn-primary">
            Deposit
          </ModalLink>
        ) : null}
        {authenticated && note?.link ? (
          <Link to={note.link.to} className="btn-primary">
            {note.link.label}
          </Link>
        ) : null}
        {!authenticated ? (
          <ModalLink modal="register" className="btn-primary">
            Create an account
          </ModalLink>
        ) : null}
      </div>
    </div>
  );
}
