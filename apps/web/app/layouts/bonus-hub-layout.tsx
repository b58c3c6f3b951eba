import { NavLink, Outlet } from "react-router";
import { PageHeader } from "../components/page-header";
import { useFeatureFlag } from "../features/feature-flags/feature-flags-provider";
import { cx } from "../lib/cx";

export function meta() {
  return [{ title: "Bonus hub · Croupier" }];
}

export default function BonusHubLayout() {
  const coin = useFeatureFlag("caswino-coin");
  const tabs = [
    { to: "/bonus-hub", label: "Overview", end: true },
    { to: "/bonus-hub/promo", label: "Promotions" },
    { to: "/bonus-hub/my-bonuses", label: "My bonuses" },
    { to: "/bonus-hub/rakeback", label: "Rakeback" },
    ...(coin ? [{ to: "/bonus-hub/coin", label: "Coins" }] : []),
  ];
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title="Bonus hub" description="Promotions, your bonuses and rakeback in one place." />
      <nav aria-label="Bonus hub" className="-mx-1 mb-6 flex gap-1 overflow-x-auto border-b border-ink-700 px-1">
        {tabs.map((tab) => (
          <NavLink
            key={tab.to}
            to={tab.to}
            end={tab.end}
            className={({ isActive }) =>
              cx(
                "-mb-px border-b-2 px-4 py-3 text-sm font-medium whitespace-nowrap transition-colors",
                isActive ? "border-gold-400 text-white" : "border-transparent text-mist-400 hover:text-white",
              )
            }
          >
            {tab.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
