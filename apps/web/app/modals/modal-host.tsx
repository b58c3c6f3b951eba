import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { activeModal, dropGuestModal, MODAL_OPEN_DELAY_MS, toSearch, withoutModal } from "../lib/modal-params";
import { useScrollLock } from "../lib/scroll-lock";
import { appModalRegistry, type ModalRegistry } from "./modal-registry";

const ModalDialog = lazy(() => import("./modal-dialog"));

/**
 * Opens the dialog named by ?modal= on any page: 200 ms after the value appears, with page scroll
 * locked from then on. Closing removes `modal` and keeps every other parameter. Unknown values
 * are ignored; login/register are dropped for a logged-in player; authOnly dialogs need a player.
 */
export function ModalHost({ authenticated, registry = appModalRegistry }: { authenticated: boolean; registry?: ModalRegistry }) {
  const location = useLocation();
  const navigate = useNavigate();
  const search = new URLSearchParams(location.search);
  const name = activeModal(search, registry);
  const definition = name ? registry.get(name) : undefined;
  const allowed = definition !== undefined && (!definition.authOnly || authenticated);
  const [openName, setOpenName] = useState<string | null>(null);

  useEffect(() => {
    const next = dropGuestModal(new URLSearchParams(location.search), authenticated);
    if (next) navigate({ pathname: location.pathname, search: toSearch(next), hash: location.hash }, { replace: true, preventScrollReset: true });
  }, [authenticated, location.pathname, location.search, location.hash, navigate]);

  useEffect(() => {
    setOpenName(null);
    if (!name || !allowed) return;
    const timer = setTimeout(() => setOpenName(name), MODAL_OPEN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [name, allowed]);

  const open = openName !== null && openName === name && definition !== undefined;
  useScrollLock(open);

  if (!open) return null;
  const close = () =>
    navigate(
      { pathname: location.pathname, search: toSearch(withoutModal(new URLSearchParams(location.search))), hash: location.hash },
      { preventScrollReset: true },
    );
  return (
    <Suspense fallback={null}>
      <ModalDialog name={openName} definition={definition} onClose={close} />
    </Suspense>
  );
}
