import type { HubBonus } from "@croupier/contract/entities/bonus";
import { useId } from "react";
import { Link } from "react-router";
import { ModalLink } from "../../components/modal-link";
import { BonusInfoLink, BonusTermsList, DepositForOfferLink, LabelChip, safeImageSrc } from "./bonus-display";
import { headline, termRows } from "./bonus-terms";
import { promotionNote } from "./promotion-note";

/**
 * One offer of the hub: artwork, labels, name and headline, the terms in the seed's display form,
 * where the signed-in player stands, "Terms" (the bonus-info dialog with the full terms) and the
 * call to action: Deposit for a deposit offer the player can get, Create an account for a visitor.
 */
export function OfferCard({
  offer,
  authenticated,
  preferredCurrency,
  coinShop,
}: {
  offer: HubBonus;
  authenticated: boolean;
  preferredCurrency?: string | null;
  /** The coin shop is on (`caswino-coin`): only then does a coin offer link to it. */
  coinShop: boolean;
}) {
  const headingId = useId();
  const background = safeImageSrc(offer.background_image);
  const icon = safeImageSrc(offer.icon);
  const eligibility = offer.eligibility;
  const canDeposit = authenticated && offer.bonus_trigger === "deposit" && eligibility?.eligible !== false;
  const note = promotionNote(offer, { coinShop });
  // A coin bonus's trigger is manual (the shop grants it), so "granted by our team" would mislead here.
  const blocked = eligibility && !eligibility.eligible && offer.bonus_type !== "coin" ? eligibility : null;
  return (
    <article aria-labelledby={headingId} data-testid="bonus-offer" data-bonus-guid={offer.bonus_guid} className="card flex h-full flex-col overflow-hidden">
      <div
        className="relative flex min-h-28 items-end gap-3 bg-ink-800 bg-cover bg-center p-4"
        style={background ? { backgroundImage: `url("${background.replaceAll('"', "%22")}")` } : undefined}
      >
        {icon ? <img src={icon} alt="" width={48} height={48} className="size-12 rounded-xl object-cover" /> : null}
        {offer.labels.length > 0 ? (
          <ul aria-label="Labels" className="flex flex-wrap gap-1.5">
            {offer.labels.map((label) => (
              <li key={label.guid}>
                <LabelChip label={label} />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <div className="flex flex-1 flex-col gap-3 p-5">
        <div>
          <h3 id={headingId} className="text-lg font-semibold text-white">
            {offer.bonus_name}
          </h3>
          <p className="text-xl font-bold text-gold-400">{headline(offer, preferredCurrency)}</p>
          {offer.description ? <p className="mt-1 line-clamp-3 text-sm text-mist-400">{offer.description}</p> : null}
        </div>
        <BonusTermsList rows={termRows(offer, preferredCurrency)} />
        {note ? (
          blocked ? (
            <p className="text-sm text-mist-300">
              <span className="font-medium text-mist-100">Not available: </span>
              {blocked.reason ?? "This offer is not available for your account."}
            </p>
          ) : (
            <p className="text-sm text-mist-300">{note.text}</p>
          )
        ) : eligibility ? (
          eligibility.eligible ? (
            <p className="text-sm font-medium text-emerald-300">You can get this bonus.</p>
          ) : (
            <p className="text-sm text-mist-300">
              <span className="font-medium text-mist-100">Not available: </span>
              {eligibility.reason ?? "This offer is not available for your account."}
            </p>
          )
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2 pt-2">
          <BonusInfoLink offer={offer} className="btn-ghost">
            Terms
          </BonusInfoLink>
          {canDeposit ? (
            <DepositForOfferLink offer={offer} className="btn-primary" />
          ) : null}
          {note?.link && authenticated ? (
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
    </article>
  );
}
