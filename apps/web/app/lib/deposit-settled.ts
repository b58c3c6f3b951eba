// A deposit the player just made was confirmed by a page that polled for it (the return from the
// provider's page can beat the realtime socket). The first-deposit bridge listens, so the
// deposit-success dialog opens the same way as after a realtime psp_deposit event.

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
