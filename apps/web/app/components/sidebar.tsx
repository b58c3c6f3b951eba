import { useEffect } from "react";
import { NavLink } from "react-router";
import { SidebarSearch } from "../features/catalog/sidebar-search";
import { useFeatureFlag } from "../features/feature-flags/feature-flags-provider";
import { cx } from "../lib/cx";
import { Icon, type IconName } from "./icons";
import { Logo } from "./logo";
import { useSidebar } from "./sidebar-state";

type Item = { to: string; label: string; icon: IconName; end?: boolean };

const INFO: Item[] = [
  { to: "/support", label: "Support", icon: "support" },
  { to: "/faq", label: "FAQ", icon: "info" },
  { to: "/responsible-gaming", label: "Responsible gaming", icon: "shield" },
  { to: "/about-us", label: "About us", icon: "document" },
];

export function Sidebar() {
  const { open, collapsed, toggle, close } = useSidebar();
  const bonusHub = useFeatureFlag("bonus-hub");

  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => event.key === "Escape" && close();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open, close]);

  const play: Item[] = [
    { to: "/", label: "Home", icon: "home", end: true },
    { to: "/live", label: "Live casino", icon: "live" },
    { to: "/slots", label: "Slots", icon: "slots" },
    { to: bonusHub ? "/bonus-hub/promo" : "/promo", label: "Promotions", icon: "promo" },
    { to: "/bonus-hub", label: "Bonus hub", icon: "star", end: true },
  ];

  return (
    <>
      {open ? (
        <div className="fixed inset-0 z-overlay bg-ink-950/70 backdrop-blur-sm desktop:hidden" onClick={close} aria-hidden="true" />
      ) : null}
      <aside
        id="site-sidebar"
        aria-label="Main navigation"
        className={cx(
          "fixed inset-y-0 left-0 z-menu flex w-72 flex-col border-r border-ink-700 bg-ink-900 transition-transform duration-200",
          open ? "translate-x-0" : "max-desktop:invisible -translate-x-full",
          "desktop:sticky desktop:top-16 desktop:z-auto desktop:h-[calc(100dvh-4rem)] desktop:translate-x-0",
          collapsed ? "desktop:w-[76px]" : "desktop:w-64",
        )}
      >
        <div className="flex h-16 shrink-0 items-center justify-between border-b border-ink-700 px-4 desktop:hidden">
          <Logo />
          <button
            type="button"
            onClick={close}
            className="grid size-10 place-items-center rounded-lg text-mist-300 hover:bg-ink-700 hover:text-white"
            aria-label="Close navigation"
          >
            <Icon name="close" />
          </button>
        </div>
        <nav className="flex-1 overflow-y-auto overscroll-contain px-3 py-4" aria-label="Sections">
          <div className="mb-4">
            <SidebarSearch collapsed={collapsed} />
          </div>
          <NavGroup items={play} collapsed={collapsed} />
          <div className="my-4 border-t border-ink-700" role="presentation" />
          <p className={cx("px-3 pb-2 text-xs font-semibold tracking-wider text-mist-400 uppercase", collapsed && "desktop:sr-only")}>
            Information
          </p>
          <NavGroup items={INFO} collapsed={collapsed} />
        </nav>
        <button
          type="button"
          onClick={toggle}
          className="hidden h-12 shrink-0 items-center gap-3 border-t border-ink-700 px-6 text-sm text-mist-400 hover:text-white desktop:flex"
          aria-label={collapsed ? "Expand navigation" : "Collapse navigation"}
        >
          <Icon name={collapsed ? "expand" : "collapse"} />
          {collapsed ? null : <span>Collapse</span>}
        </button>
      </aside>
    </>
  );
}

function NavGroup({ items, collapsed }: { items: Item[]; collapsed: boolean }) {
  return (
    <ul className="space-y-1">
      {items.map((item) => (
        <li key={item.label}>
          <NavLink
            to={item.to}
            end={item.end}
            title={collapsed ? item.label : undefined}
            className={({ isActive }) =>
              cx(
                "flex h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium transition-colors",
                isActive ? "bg-ink-700 text-white shadow-[inset_3px_0_0] shadow-gold-400" : "text-mist-300 hover:bg-ink-800 hover:text-white",
                collapsed && "desktop:justify-center desktop:px-0",
              )
            }
          >
            <Icon name={item.icon} className="shrink-0" />
            <span className={cx(collapsed && "desktop:sr-only")}>{item.label}</span>
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
