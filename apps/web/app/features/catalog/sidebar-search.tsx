import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { Icon } from "../../components/icons";
import { ModalLink } from "../../components/modal-link";
import { useSidebar } from "../../components/sidebar-state";
import { cx } from "../../lib/cx";
import { MODAL_PARAM, toSearch, withoutModal } from "../../lib/modal-params";
import { useDevice } from "../../lib/use-device";

const SearchPanel = lazy(() => import("./search-panel"));

const TRIGGER = "flex h-11 w-full items-center gap-3 rounded-xl border border-ink-700 bg-ink-850 px-3 text-sm text-mist-400 hover:border-ink-500 hover:text-white";

/**
 * Search at the top of the sidebar. Desktop: opens the search dialog (?modal=search). Phones and
 * tablets: the search runs inside the drawer, and ?modal=search opens the drawer instead of the dialog.
 */
export function SidebarSearch({ collapsed }: { collapsed: boolean }) {
  const mobile = useDevice().deviceClass !== "desktop";
  const { open, show } = useSidebar();
  const location = useLocation();
  const navigate = useNavigate();
  const [active, setActive] = useState(false);
  const wasOpen = useRef(open);

  useEffect(() => {
    if (!mobile || new URLSearchParams(location.search).get(MODAL_PARAM) !== "search") return;
    // Dropping the parameter within the dialog's 200 ms open delay means the dialog never opens.
    navigate({ pathname: location.pathname, search: toSearch(withoutModal(new URLSearchParams(location.search))), hash: location.hash }, { replace: true, preventScrollReset: true });
    setActive(true);
    // After the drawer's own effects (it closes itself on mount and on a device change).
    const timer = setTimeout(show, 0);
    return () => clearTimeout(timer);
  }, [mobile, location.pathname, location.search, location.hash, navigate, show]);

  // Closing the drawer folds the search back into its button.
  useEffect(() => {
    if (wasOpen.current && !open) setActive(false);
    wasOpen.current = open;
  }, [open]);

  if (!mobile) {
    return (
      <ModalLink modal="search" className={cx(TRIGGER, collapsed && "desktop:justify-center desktop:px-0")}>
        <Icon name="search" className="shrink-0" />
        <span className={cx(collapsed && "desktop:sr-only")}>Search games</span>
      </ModalLink>
    );
  }
  if (!active) {
    return (
      <button type="button" className={TRIGGER} onClick={() => setActive(true)}>
        <Icon name="search" className="shrink-0" />
        Search games
      </button>
    );
  }
  return (
    <Suspense fallback={<div className="h-11 rounded-xl border border-ink-700 bg-ink-850" />}>
      <SearchPanel onOpen={(path) => navigate(path)} />
    </Suspense>
  );
}
