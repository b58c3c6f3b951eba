import { useEffect, useRef } from "react";
import { useLocation, useNavigate, useRevalidator } from "react-router";
import { toSearch } from "../../lib/modal-params";
import { safeReturnPath } from "../../lib/navigation-rules";
import { toastError, toastSuccess } from "../../lib/toasts";
import { useAuth } from "../../lib/use-auth";
import { finishProviderLogin, loginWithCode, verifyEmail } from "./auth-actions";
import { logoutLocked } from "./identity-events";
import { errorMessage, getTokenLifecycle } from "./identity-api";
import { useProfile } from "./profile";
import {
  afterEmailApproval,
  emailApprovalParam,
  interpretPayloadParam,
  MAGIC_LINK_PARAM,
  providerReturnParam,
  TOKEN_PARAM,
  withoutParams,
  withoutProviderParams,
} from "./query-params";

export const EMAIL_VERIFIED_MESSAGE = "Thanks! Your email is verified";
const RETURN_TO = "return_to";

// Each link value is spent once per tab, whatever StrictMode or re-renders do.
const spent = new Set<string>();
const spendOnce = (key: string) => {
  if (spent.has(key)) return false;
  spent.add(key);
  return true;
};

/**
 * The identity side of every page (renders nothing): token start-up, leaving for / when the
 * player stops being authenticated, the redirect back after login, the locked-profile logout,
 * and the address parameters of mailed links and provider returns.
 */
export function IdentityRuntime() {
  const { authenticated } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const previous = useRef(authenticated);
  const profile = useProfile();
  // Registered while rendering, before any child's effect can ask for a token.
  if (typeof window !== "undefined") getTokenLifecycle();

  useEffect(() => {
    void getTokenLifecycle()
      .startUp()
      .catch((error: unknown) => console.warn("session start-up failed", error));
  }, []);

  // Auth changes: logged out → /, and loaders run again with the new session either way.
  useEffect(() => {
    if (previous.current === authenticated) return;
    const wasAuthenticated = previous.current;
    previous.current = authenticated;
    if (wasAuthenticated && !authenticated) navigate("/");
    else void revalidator.revalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the revalidator object changes every render
  }, [authenticated, navigate]);

  // The account area sent a visitor to the login dialog with return_to: back there once logged in.
  useEffect(() => {
    const search = new URLSearchParams(location.search);
    const target = search.get(RETURN_TO);
    if (target === null) return;
    if (authenticated) {
      navigate(safeReturnPath(target) ?? "/", { replace: true });
      return;
    }
    // The dialog was closed without logging in: nothing to come back to.
    if (!search.has("modal")) {
      search.delete(RETURN_TO);
      navigate({ pathname: location.pathname, search: toSearch(search), hash: location.hash }, { replace: true, preventScrollReset: true });
    }
  }, [authenticated, location.pathname, location.search, location.hash, navigate]);

  const status = profile.data?.status;
  const reason = profile.data?.status_reason ?? null;
  useEffect(() => {
    if (authenticated && status === "locked") void logoutLocked(reason);
  }, [authenticated, status, reason]);

  useEffect(() => {
    const search = new URLSearchParams(location.search);
    const replaceSearch = (next: URLSearchParams) =>
      navigate({ pathname: window.location.pathname, search: toSearch(next), hash: window.location.hash }, { replace: true, preventScrollReset: true });
    const current = () => new URLSearchParams(window.location.search);

    const payload = interpretPayloadParam(search);
    if (payload) {
      if (payload.kind === "tokens" && payload.tokens) {
        // Either way the refresh token is exchanged at once, so the server moves the session into
        // the HttpOnly cookie (a full pair's access token alone would not survive a reload).
        const lifecycle = getTokenLifecycle();
        lifecycle.adopt(payload.tokens.refresh_token);
        void lifecycle.getAccessToken().catch((error: unknown) => console.warn("session hand-over failed", error));
      }
      replaceSearch(payload.search);
      return;
    }

    const provider = providerReturnParam(search);
    if (provider) {
      if (!spendOnce(`provider:${provider.state}`)) return;
      finishProviderLogin(provider)
        .catch((error: unknown) => toastError(errorMessage(error)))
        .finally(() => replaceSearch(withoutProviderParams(current())));
      return;
    }

    const magicLink = search.get(MAGIC_LINK_PARAM);
    if (magicLink) {
      if (!spendOnce(`magic:${magicLink}`)) return;
      loginWithCode(magicLink)
        .catch((error: unknown) => toastError(errorMessage(error)))
        .finally(() => replaceSearch(withoutParams(current(), [MAGIC_LINK_PARAM])));
      return;
    }

    // A password reset link carries its token too: it must never be spent as an approval token.
    const resetToken = search.get("modal") === "setNewPassword" ? search.get(TOKEN_PARAM) : null;
    if (resetToken) spent.add(`approval:${resetToken.split("/")[0]}`);

    const approval = emailApprovalParam(search);
    if (approval) {
      if (!spendOnce(`approval:${approval.token}`)) {
        // Left behind by a closed reset dialog: drop it quietly.
        if (!resetToken) replaceSearch(withoutParams(search, [TOKEN_PARAM]));
        return;
      }
      verifyEmail(approval.token).then(
        () => {
          toastSuccess(EMAIL_VERIFIED_MESSAGE);
          replaceSearch(afterEmailApproval(current(), approval.openDeposit));
        },
        (error: unknown) => {
          toastError(errorMessage(error));
          replaceSearch(afterEmailApproval(current(), false));
        },
      );
    }
  }, [location.search, navigate]);

  return null;
}
