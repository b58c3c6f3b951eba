import { Link } from "react-router";
import { PageHeader } from "../components/page-header";
import { useMe } from "../lib/me";
import { canAny, ROLE_LABELS } from "../lib/permissions";
import { NAV, NAV_GROUPS } from "../nav";

/** Home: what this role can do, as links (the same entries as the sidebar). */
export default function HomePage() {
  const { data: me } = useMe();
  if (!me) return null;
  const entries = NAV.filter((entry) => canAny(me, entry.permissions));
  return (
    <>
      <PageHeader
        title={`Hello, ${me.display_name || me.email}`}
        description={`You are signed in as ${ROLE_LABELS[me.role]}. These are the parts of the back office your role can use.`}
      />
      {NAV_GROUPS.map((group) => {
        const items = entries.filter((entry) => entry.group === group);
        if (items.length === 0) return null;
        return (
          <section key={group} className="mb-6" aria-labelledby={`home-${group}`}>
            <h2 id={`home-${group}`} className="mb-2 text-sm font-semibold tracking-wide text-slate-500 uppercase">
              {group}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
              {items.map((entry) => (
                <li key={entry.to}>
                  <Link
                    to={entry.to}
                    className="block h-full rounded-lg border border-slate-200 bg-white p-4 hover:border-indigo-300 hover:shadow-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <span className="font-medium text-slate-900">{entry.label}</span>
                    <span className="mt-1 block text-sm text-slate-500">{entry.description}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </>
  );
}
