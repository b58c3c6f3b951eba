import { Link } from "react-router";
import { cx } from "../../lib/cx";
import { providerRouteName } from "../../lib/route-name";
import type { CatalogProvider } from "./catalog-types";
import { ALL_GAMES_ICON } from "./resolve-filter";

/** The studios of a section as a scrolling strip; each filters the section by its route name. */
export function ProviderStrip({ providers, base, activeGuid }: { providers: CatalogProvider[]; base: string; activeGuid: string | null }) {
  if (providers.length === 0) return null;
  return (
    <nav aria-label="Providers" className="mb-6">
      <h2 className="mb-2 text-xs font-semibold tracking-wider text-mist-400 uppercase">Providers</h2>
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 [scrollbar-width:thin]">
        {providers.map((provider) => {
          const current = provider.guid === activeGuid;
          return (
            <li key={provider.guid} className="shrink-0">
              <Link
                to={`${base}/${encodeURIComponent(providerRouteName(provider.name))}`}
                aria-current={current ? "page" : undefined}
                title={provider.name}
                className={cx(
                  "flex h-12 items-center gap-2 rounded-xl border p-1 text-sm font-medium whitespace-nowrap transition-colors",
                  current ? "border-gold-400 bg-ink-700 text-white" : "border-ink-700 bg-ink-850 text-mist-300 hover:border-ink-500 hover:text-white",
                )}
              >
                {provider.icon ? (
                  // Studio logos are 3:1 wordmarks carrying the name.
                  <img src={provider.icon} alt={provider.name} width={114} height={38} loading="lazy" className="h-[38px] w-[114px] rounded-lg" />
                ) : (
                  <>
                    <img src={ALL_GAMES_ICON} alt="" width={24} height={24} className="ml-2 size-6" />
                    <span className="pr-2">{provider.name}</span>
                  </>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
