import { useState } from "react";
import { useRouteLoaderData } from "react-router";
import { BTAG_COOKIE, parseCookies } from "../../lib/cookies";
import { toastError } from "../../lib/toasts";
import { startProviderLogin } from "./auth-actions";
import { errorMessage } from "./identity-api";

type RootData = { identityProviders?: { name: string; label: string }[] } | undefined;

/** One button per configured identity provider; nothing when none is configured. */
export function ProviderButtons() {
  const providers = (useRouteLoaderData("root") as RootData)?.identityProviders ?? [];
  const [busy, setBusy] = useState<string | null>(null);
  if (providers.length === 0) return null;
  return (
    <div className="flex flex-col gap-2">
      {providers.map((provider) => (
        <button
          key={provider.name}
          type="button"
          className="btn-ghost h-11 w-full"
          disabled={busy !== null}
          onClick={() => {
            setBusy(provider.name);
            const bTag = parseCookies(document.cookie).get(BTAG_COOKIE) ?? null;
            startProviderLogin(provider.name, { bTag }).catch((error: unknown) => {
              toastError(errorMessage(error));
              setBusy(null);
            });
          }}
        >
          {busy === provider.name ? "Redirecting…" : `Continue with ${provider.label}`}
        </button>
      ))}
      <p className="my-1 flex items-center gap-3 text-xs text-mist-400 before:h-px before:flex-1 before:bg-ink-600 after:h-px after:flex-1 after:bg-ink-600">
        or with your email
      </p>
    </div>
  );
}
