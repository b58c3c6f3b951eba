import { NO_HISTORY_FILTERS } from "./history-filters";
import { PaymentList, PaymentListSkeleton, type CurrencyLookup } from "./payment-list";
import { usePayments } from "./payments-list";

const RECENT = 5;
const FILTERS = { ...NO_HISTORY_FILTERS, type: "withdrawal" as const };

/** The last withdrawals with their live status; pending ones can be cancelled. */
export function RecentWithdrawals({ userId, currencyOf, onCancelled }: { userId: string | null; currencyOf: CurrencyLookup; onCancelled: () => void }) {
  const query = usePayments(userId, FILTERS, RECENT);
  if (query.isPending) return <PaymentListSkeleton rows={2} />;
  if (query.isError) return <p className="text-sm text-mist-400">Your withdrawals could not be loaded.</p>;
  if (query.data.items.length === 0) return <p className="text-sm text-mist-400">No withdrawals yet.</p>;
  return <PaymentList label="Recent withdrawals" payments={query.data.items} currencyOf={currencyOf} onCancelled={onCancelled} />;
}
