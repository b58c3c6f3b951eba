import { Link, useLocation, useSearchParams } from "react-router";
import { EmptyState } from "../../components/empty-state";
import { ModalLink } from "../../components/modal-link";
import { cx } from "../../lib/cx";
import { useAuth } from "../../lib/use-auth";
import { useHubBonuses, useHubLabels, type HubFilters } from "./bonuses-api";
import { OfferCard } from "./offer-card";

/** The promo page's label filter lives in the address (?label=guid), so the server renders it too. */
export const LABEL_PARAM = "label";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The hub's filters from the page's query: an unknown or malformed label is no filter. */
export function hubFiltersFromSearch(search: URLSearchParams): HubFilters {
  const label = search.get(LABEL_PARAM);
  return label && UUID.test(label) ? { label_guid: label.toLowerCase() } : {};
}

/**
 * The hub's running offers (GET /bonus_hub) as cards, filtered by label. `preferredCurrency` (the
 * player's active wallet currency) picks which per-currency amounts a card shows; `coinShop` (the
 * route's `caswino-coin` flag) whether a coin offer links to the coin shop.
 */
export function PromoView({ preferredCurrency, coinShop }: { preferredCurrency?: string | null; coinShop: boolean }) {
  const { authenticated, userId } = useAuth();
  const [search] = useSearchParams();
  const filters = hubFiltersFromSearch(search);
  const offers = useHubBonuses(userId, filters);
  const labels = useHubLabels();

  return (
    <div className="space-y-5">
      {labels.data && labels.data.length > 0 ? <LabelFilter labels={labels.data} selected={filters.label_guid ?? null} /> : null}
      {offers.isError ? (
        <div role="alert" className="rounded-xl border border-red-500/40 bg-red-500/10 p-4 text-sm text-red-200">
          The promotions could not be loaded.{" "}
          <button type="button" className="font-semibold underline" onClick={() => void offers.refetch()}>
            Try again
          </button>
        </div>
      ) : offers.isPending ? (
        <OffersSkeleton />
      ) : offers.data.items.length === 0 ? (
        <EmptyState
          icon="promo"
          title={filters.label_guid ? "No promotions with this label" : "No promotions running right now"}
          action={authenticated ? null : <ModalLink modal="register" className="btn-primary">Create an account</ModalLink>}
        >
          New offers are listed here the moment the casino publishes them.
        </EmptyState>
      ) : (
        <ul aria-label="Promotions" className={cx("grid gap-4 md:grid-cols-2 xl:grid-cols-3", offers.isPlaceholderData && "opacity-60")}>
          {offers.data.items.map((offer) => (
            <li key={offer.guid}>
              <OfferCard offer={offer} authenticated={authenticated} preferredCurrency={preferredCurrency} coinShop={coinShop} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function LabelFilter({ labels, selected }: { labels: { guid: string; name: string }[]; selected: string | null }) {
  const location = useLocation();
  const href = (guid: string | null) => {
    const next = new URLSearchParams(location.search);
    if (guid) next.set(LABEL_PARAM, guid);
    else next.delete(LABEL_PARAM);
    const query = next.toString();
    return location.pathname + (query ? `?${query}` : "");
  };
  const chip = (active: boolean) =>
    cx(
      "rounded-full border px-3 py-1.5 text-sm font-medium whitespace-nowrap transition-colors",
      active ? "border-gold-400 bg-gold-400/10 text-white" : "border-ink-600 text-mist-300 hover:text-white",
    );
  return (
    <nav aria-label="Filter by label" className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1">
      <Link to={href(null)} preventScrollReset className={chip(selected === null)} aria-current={selected === null ? "page" : undefined}>
        All
      </Link>
      {labels.map((label) => (
        <Link
          key={label.guid}
          to={href(label.guid)}
          preventScrollReset
          className={chip(selected === label.guid)}
          aria-current={selected === label.guid ? "page" : undefined}
        >
          {label.name}
        </Link>
      ))}
    </nav>
  );
}

function OffersSkeleton() {
  return (
    <div role="status" aria-label="Loading promotions" className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <div key={i} className="h-80 animate-pulse rounded-2xl bg-ink-800" />
      ))}
    </div>
  );
}
