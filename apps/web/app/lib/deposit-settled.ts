// A deposit the player just made was settled: announced by the realtime bridge (user_balance_updated
// with psp_deposit) and by a page that polled for it (the return from the provider's page can beat
// the realtime socket). The first-deposit bridge listens, so the deposit-success dialog opens either way.

const listeners = new Set<() => void>();

export function announceDepositSettled() {
  for (const listener of listeners) listener();
}

export function onDepositSettled(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
