import { Link } from "react-router";
import { Icon, type IconName } from "../../components/icons";
import { useBonusCounts, type BonusCounts } from "../../features/bonuses/bonuses-api";
import { useFeatureFlag } from "../../features/feature-flags/feature-flags-provider";
import { useAuth } from "../../lib/use-auth";

type Card = { to: string; icon: IconName; title: string; text: string; flag?: "caswino-coin"; count?: (counts: BonusCounts) => string | null };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

const CARDS: Card[] = [
  {
    to: "/bonus-hub/promo",
    icon: "promo",
    title: "Promotions",
    text: "Offers running now: deposit bonuses, free spins, cashback, rakeback and coin bonuses.",
    count: (counts) => (counts.offers === null ? null : plural(counts.offers, "offer running", "offers running")),
  },
  {
    to: "/bonus-hub/my-bonuses",
    icon: "star",
    title: "My bonuses",
    text: "Bonuses you hold, their wagering progress and expiry.",
    count: (counts) =>
      counts.active === null || counts.waiting === null
        ? null
        : [counts.active > 0 ? plural(counts.active, "active bonus", "active bonuses") : "No active bonus", counts.waiting > 0 ? `${counts.waiting} waiting` : null]
            .filter(Boolean)
            .join(" · "),
  },
  { to: "/bonus-hub/rakeback", icon: "percent", title: "Rakeback", text: "A share of your stakes returned to you as you play." },
  { to: "/bonus-hub/coin", icon: "coin", title: "Coins", text: "Coins earned through play and what they can be exchanged for.", flag: "caswino-coin" },
];

export default function BonusHubOverview() {
  const coin = useFeatureFlag("caswino-coin");
  const { userId } = useAuth();
  const counts = useBonusCounts(userId);
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {CARDS.filter((card) => !card.flag || coin).map((card) => {
        const count = card.count?.(counts) ?? null;
        return (
          <li key={card.to}>
            <Link to={card.to} className="card group flex h-full flex-col p-6 transition-colors hover:border-gold-400/50">
              <span className="grid size-12 place-items-center rounded-xl bg-ink-700 text-gold-400">
                <Icon name={card.icon} width={24} height={24} />
              </span>
              <span className="mt-4 text-lg font-semibold text-white">{card.title}</span>
              <span className="mt-1 text-sm text-mist-400">{card.text}</span>
              {count ? (
                <span data-testid="bonus-hub-count" className="mt-3 text-sm font-semibold text-gold-400">
                  {count}
                </span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
