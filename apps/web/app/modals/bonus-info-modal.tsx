import { BonusInfoContent } from "../features/bonuses/bonus-info-content";
import { useFeatureFlag } from "../features/feature-flags/feature-flags-provider";
import type { ModalContentProps } from "./modal-content-props";

/** bonus-info{n}: an offer's display form and full terms (features/bonuses). */
export default function BonusInfoModal({ close }: ModalContentProps) {
  // The coin shop's page answers 404 while `caswino-coin` is off: no link to it then.
  const coinShop = useFeatureFlag("caswino-coin");
  return <BonusInfoContent close={close} coinShop={coinShop} />;
}
