import { Link } from "react-router";
import { Icon, type IconName } from "../../components/icons";
import { useFeatureFlag } from "../../features/feature-flags/feature-flags-provider";

const CARDS: Array<{ to: string; icon: IconName; title: string; text: string; flag?: "caswino-coin" }> = [
  { to: "/bonus-hub/promo", icon: "promo", title: "Promotions", text: "Offers you can claim: deposit bonuses, free spins and tournaments." },
  { to: "/bonus-hub/my-bonuses", icon: "star", title: "My bonuses", text: "Bonuses you hold, their wagering progress and expiry." },
  { to: "/bonus-hub/rakeback", icon: "percent", title: "Rakeback", text: "A share of your stakes returned to you as you play." },
  { to: "/bonus-hub/coin", icon: "coin", title: "Coins", text: "Coins earned through play and what they can be exchanged for.", flag: "caswino-coin" },
];

export default function BonusHubOverview() {
  const coin = useFeatureFlag("caswino-coin");
  return (
    <ul className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
      {CARDS.filter((card) => !card.flag || coin).map((card) => (
        <li key={card.to}>
          <Link to={card.to} className="card group flex h-full flex-col p-6 transition-colors hover:border-gold-400/50">
            <span className="grid size-12 place-items-center rounded-xl bg-ink-700 text-gold-400">
              <Icon name={card.icon} width={24} height={24} />
            </span>
            <span className="mt-4 text-lg font-semibold text-white">{card.title}</span>
            <span className="mt-1 text-sm text-mist-400">{card.text}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
