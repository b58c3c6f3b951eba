import { useEffect, useRef } from "react";
import { useLocation, useNavigate } from "react-router";
import { BTAG_COOKIE, BTAG_COOKIE_MAX_AGE, BTAG_PARAM, serializeCookie } from "../lib/cookies";
import { toSearch } from "../lib/modal-params";
import { accountReturnPath, previousPage } from "../lib/navigation-memory";
import { isGamePath, nextAccountReturnPath } from "../lib/navigation-rules";

/**
 * Address rules that run on every client-side navigation (the server applies the same ones to
 * document requests): the account redirect-back target, the last non-game page, and btag capture.
 */
export function RouteRules() {
  const location = useLocation();
  const navigate = useNavigate();
  const last = useRef<{ pathname: string; search: string; hash: string } | null>(null);

  useEffect(() => {
    const here = { pathname: location.pathname, search: location.search, hash: location.hash };
    accountReturnPath.set(nextAccountReturnPath(accountReturnPath.get(), last.current, here));
    if (last.current && !isGamePath(last.current.pathname)) previousPage.set(last.current.pathname + last.current.search);
    last.current = here;

    const search = new URLSearchParams(location.search);
    const btag = search.get(BTAG_PARAM);
    if (btag !== null) {
      document.cookie = serializeCookie(BTAG_COOKIE, btag.slice(0, 200), { maxAgeSeconds: BTAG_COOKIE_MAX_AGE });
      search.delete(BTAG_PARAM);
      navigate({ pathname: location.pathname, search: toSearch(search), hash: location.hash }, { replace: true, preventScrollReset: true });
    }
  }, [location.pathname, location.search, location.hash, navigate]);

  return null;
}
