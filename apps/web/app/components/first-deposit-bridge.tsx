import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { onDepositSettled } from "../lib/deposit-settled";

const DepositSuccessDialog = lazy(() => import("../modals/deposit-success-modal"));

/**
 * The first deposit: after a settled PSP deposit (announced by the realtime bridge on
 * user_balance_updated with psp_deposit, or by the deposit page seeing its payment succeed) the
 * first-deposit check runs, and when it says so the deposit-success dialog opens. Check and dialog
 * load only then: none of it is in the first-load bundle.
 */
export function FirstDepositBridge() {
  const [open, setOpen] = useState(false);
  const check = useCallback(() => {
    void import("../features/payments/first-deposit")
      .then(({ shouldCelebrateFirstDeposit }) => shouldCelebrateFirstDeposit())
      .then((celebrate) => celebrate && setOpen(true))
      .catch((error: unknown) => console.warn("first-deposit check failed", error));
  }, []);
  useEffect(() => onDepositSettled("first-deposit", check), [check]);
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <DepositSuccessDialog onClose={() => setOpen(false)} />
    </Suspense>
  );
}
