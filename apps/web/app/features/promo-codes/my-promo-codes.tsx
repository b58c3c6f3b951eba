import type { CustomerPromoCode } from "@croupier/contract/entities/promo-code";
import { useId, useState } from "react";
import { Pagination } from "../../components/pagination";
import { useAuth } from "../../lib/use-auth";
import { PROMO_CODES_PAGE_SIZE, useCustomerPromoCodes } from "./promo-codes-api";

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function statusText(code: CustomerPromoCode): string {
  if (code.status === "pending") return "Waiting for your next deposit";
  return code.activated_at ? `Bonus received ${dateTime.format(new Date(code.activated_at))} UTC` : "Bonus received";
}

/** The player's redeemed codes (GET /promocodes), newest first; nothing for a visitor or a player with none. */
export function MyPromoCodes() {
  const { userId } = useAuth();
  const [page, setPage] = useState(1);
  const query = useCustomerPromoCodes(userId, page);
  const id = useId();
  if (!userId) return null;
  if (query.isPending)
    return (
      <div aria-busy="true" aria-label="Loading your promo codes" className="space-y-2">
        <div className="h-12 animate-pulse rounded-xl bg-ink-800" />
        <div className="h-12 animate-pulse rounded-xl bg-ink-800" />
      </div>
    );
  if (query.isError || query.data.items.length === 0) return null;
  return (
    <section aria-labelledby={id} className="space-y-2">
      <h2 id={id} className="text-base font-semibold text-white">
        Your promo codes
      </h2>
      <ul className="divide-y divide-ink-700 rounded-xl border border-ink-600">
        {query.data.items.map((code) => (
          <li key={code.guid} className="flex flex-wrap items-center justify-between gap-2 px-4 py-3 text-sm">
            <span className="font-mono font-semibold text-white">{code.code}</span>
            <span className="text-mist-300">{code.bonus_name}</span>
            <span className={code.status === "pending" ? "text-gold-400" : "text-mist-400"}>{statusText(code)}</span>
          </li>
        ))}
      </ul>
      <Pagination page={page} total={query.data.pager.total} perPage={PROMO_CODES_PAGE_SIZE} onPage={setPage} />
    </section>
  );
}
