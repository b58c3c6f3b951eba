import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { toSearch, withModal } from "../lib/modal-params";

/** A link that opens a dialog over the current page (?modal=name), keeping the other params and the scroll position. */
export function ModalLink({ modal, className, children }: { modal: string; className?: string; children: ReactNode }) {
  const location = useLocation();
  const to = location.pathname + toSearch(withModal(new URLSearchParams(location.search), modal));
  return (
    <Link to={to} preventScrollReset className={className}>
      {children}
    </Link>
  );
}
