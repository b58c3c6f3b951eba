// A deposit the player just made was settled: announced by the realtime bridge (user_balance_updated
// with psp_deposit) and by a page that polled for it (the return from the provider's page can beat
// the realtime socket). The first-deposit bridge listens, so the deposit-success dialog opens either way.
//
// The bridge mounts after hydration from a lazy chunk (ADR 045) while the deposit page is in the first
// load: an announcement nobody hears yet is kept (once) for the first listener that arrives.

const listeners = new Set<() => void>();
let unheard = false;

export function announceDepositSettled() {
  if (listeners.size === 0) {
    unheard = true;
    return;
  }
  for (const listener of listeners) listener();
}

export function onDepositSettled(listener: () => void): () => void {
  listeners.add(listener);
  if (unheard) {
    unheard = false;
    queueMicrotask(listener);
  }
  return () => {
    listeners.delete(listener);
  };
}
