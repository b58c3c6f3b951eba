import { canonicalAmount, isDecimal, isZeroAmount } from "@croupier/contract/money";
import { cx } from "../../lib/cx";
import { formatLimit } from "./amount";
import { belowMinDeposit, type DepositOfferTerms } from "./deposit-bonus";

/** "100.00" → "100", "12.50" → "12.5": percentages and multipliers as people write them. */
const plain = (value: string) => (isDecimal(value) ? canonicalAmount(value) : value);

/** One line of an offer's terms: what it gives, the wagering and the minimum deposit. */
export function offerSummary(offer: DepositOfferTerms, code: string, decimals: number): string {
  const parts: string[] = [];
  if (offer.type === "free_spins") parts.push(`${offer.freeSpins} free spins at ${formatLimit(offer.freeSpinBet, decimals)} ${code}`);
  else if (offer.type === "deposit_match") parts.push(`${plain(offer.percent)}% up to ${formatLimit(offer.maxBonus, decimals)} ${code}`);
  else if (offer.type === "fixed_amount") parts.push(`${formatLimit(offer.maxBonus, decimals)} ${code} bonus`);
  else parts.push(`${plain(offer.percent)}% cashback`);
  if (isDecimal(offer.wager) && !isZeroAmount(offer.wager)) parts.push(`${plain(offer.wager)}× wager`);
  if (isDecimal(offer.minDeposit) && !isZeroAmount(offer.minDeposit)) parts.push(`min deposit ${formatLimit(offer.minDeposit, decimals)} ${code}`);
  return parts.join(" · ");
}

/**
 * The bonus for this deposit as a radio group: each eligible offer with its short terms, then
 * "No bonus". The selected offer warns when the amount is under its minimum deposit.
 */
export function DepositBonusPicker(props: {
  offers: DepositOfferTerms[];
  /** The selected campaign (bonus_guid), or null for "No bonus". */
  selected: string | null;
  onSelect: (bonusGuid: string | null) => void;
  amount: string;
  code: string;
  decimals: number;
}) {
  const { offers, selected, onSelect, amount, code, decimals } = props;
  const chosen = offers.find((o) => o.bonusGuid === selected) ?? null;
  const tooLow = chosen !== null && belowMinDeposit(amount, chosen);
  const tile = (checked: boolean) =>
    cx("flex w-full flex-col rounded-xl border p-3 text-left transition-colors", checked ? "border-gold-400 bg-gold-500/10" : "border-ink-600 bg-ink-800 hover:border-ink-500");
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium text-mist-300">Bonus</legend>
      <div role="radiogroup" aria-label="Bonus" className="flex flex-col gap-2">
        {offers.map((offer) => {
          const checked = selected === offer.bonusGuid;
          return (
            <button key={offer.bonusGuid} type="button" role="radio" aria-checked={checked} onClick={() => onSelect(offer.bonusGuid)} className={tile(checked)}>
              <span className="text-sm font-semibold text-white">{offer.name}</span>
              <span className="text-xs text-mist-400">{offerSummary(offer, code, decimals)}</span>
            </button>
          );
        })}
        <button type="button" role="radio" aria-checked={selected === null} onClick={() => onSelect(null)} className={tile(selected === null)}>
          <span className="text-sm font-semibold text-white">No bonus</span>
          <span className="text-xs text-mist-400">Deposit without a bonus: no wagering, withdraw any time.</span>
        </button>
      </div>
      {chosen && chosen.terms.trim() ? (
        <details className="rounded-lg border border-ink-600 bg-ink-900 px-3 py-2 text-xs text-mist-300">
          <summary className="cursor-pointer font-semibold text-mist-100">Full terms of {chosen.name}</summary>
          <div className="mt-2 max-h-48 overflow-y-auto whitespace-pre-line" data-testid="deposit-bonus-terms">
            {chosen.terms}
          </div>
        </details>
      ) : null}
      {tooLow && chosen ? (
        <p role="status" className="rounded-lg border border-gold-500/40 bg-gold-500/10 px-3 py-2 text-sm text-gold-300">
          {chosen.name} needs a deposit of at least {formatLimit(chosen.minDeposit, decimals)} {code}: with this amount you get no bonus.
        </p>
      ) : null}
    </fieldset>
  );
}
