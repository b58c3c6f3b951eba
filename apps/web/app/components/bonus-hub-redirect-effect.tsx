import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { bonusHubRedirect } from "../lib/bonus-hub-redirect";

/**
 * Client side of the bonus-hub redirect: the browser knows the hash the server never sees, so the
 * move happens here, replacing the history entry.
 */
export function BonusHubRedirectEffect() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const target = bonusHubRedirect(location, true);
    if (target) navigate(target, { replace: true });
  }, [location, navigate]);
  return null;
}
