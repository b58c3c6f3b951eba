import { lazy, Suspense } from "react";
import type { PromoPopupsConfig } from "../features/promo-popups/promo-popups-config";
import { usePromoPopups } from "../features/promo-popups/use-promo-popups";
import { useAuth } from "../lib/use-auth";

const PromoPopup = lazy(() => import("./promo-popup"));

/** The payments feature's successful-deposit check, loaded only when the deposit promo asks. */
async function hasSuccessfulDeposit(): Promise<boolean> {
  const { fetchSuccessfulDeposits } = await import("../features/payments/first-deposit");
  return (await fetchSuccessfulDeposits()).some((payment) => payment.transaction_type === "deposit" && payment.status === "successful");
}

/**
 * The register and deposit promo pop-ups (seed 000 §Promo pop-ups) with the root loader's runtime
 * configuration. Timers only here; the dialog and its offer load when one opens.
 */
export function PromoPopupsMount({ config }: { config: PromoPopupsConfig }) {
  const auth = useAuth();
  const { kind, close } = usePromoPopups({ config, authenticated: auth.authenticated, userId: auth.userId, hasDeposit: hasSuccessfulDeposit });
  if (!kind) return null;
  return (
    <Suspense fallback={null}>
      <PromoPopup key={kind} kind={kind} userId={auth.userId} onClose={close} />
    </Suspense>
  );
}
