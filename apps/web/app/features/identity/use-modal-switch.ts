import { useLocation, useNavigate } from "react-router";
import { toSearch, withModal } from "../../lib/modal-params";

/** Moves from one identity dialog to another, keeping the other parameters (return_to among them). */
export function useModalSwitch() {
  const location = useLocation();
  const navigate = useNavigate();
  return (name: string, options: { state?: unknown; drop?: string[] } = {}) => {
    const next = withModal(new URLSearchParams(location.search), name);
    for (const param of options.drop ?? []) next.delete(param);
    navigate({ pathname: location.pathname, search: toSearch(next), hash: location.hash }, { preventScrollReset: true, state: options.state });
  };
}
