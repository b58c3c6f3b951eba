import { BonusInfoContent } from "../features/bonuses/bonus-info-content";
import type { ModalContentProps } from "./modal-content-props";

/** bonus-info{n}: an offer's display form and full terms (features/bonuses). */
export default function BonusInfoModal({ close }: ModalContentProps) {
  return <BonusInfoContent close={close} />;
}
