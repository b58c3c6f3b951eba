import { headline } from "../features/bonuses/bonus-terms";
import { PromoPopupDialog, type PromoPopupDialogProps } from "../features/promo-popups/promo-popup-dialog";

/** The promo pop-up with the bonus hub's headline of the offer (features never import each other). Loaded lazily. */
export default function PromoPopup(props: Omit<PromoPopupDialogProps, "headline">) {
  return <PromoPopupDialog {...props} headline={(offer) => headline(offer)} />;
}
