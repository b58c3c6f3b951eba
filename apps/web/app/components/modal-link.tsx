import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { toSearch, withModal } from "../lib/modal-params";

type ModalLinkProps = { modal: string; className?: string; children: ReactNode; "data-testid"?: string };

/** A link that opens a dialog over the current page (?modal=name), keeping the other params and the scroll position. */
export function ModalLink({ modal, className, children, "data-testid": testId }: ModalLinkProps) {
  const location = useLocation();
  const to = location.pathname + toSearch(withModal(new URLSearchParams(location.search), modal));
  return (
    <Link to={to} preventScrollReset className={className} data-testid={testId}>
      {children}
    </Link>
  );
}
