// A deposit the player just made was settled: announced by the realtime bridge (user_balance_updated
// with psp_deposit) and by a page that polled for it (the return from the provider's page can beat
// the realtime socket). The first-deposit bridge and the deposit promo listen.
//
// The listeners mount after hydration from lazy chunks (ADR 045), each when its own conditions hold
// (the first-deposit bridge only once the tab knows its player), while the deposit page is in the
// first load: every listener hears every announcement of the tab once, even one made before it
// subscribed. A listener names itself so that re-subscribing (an effect re-running) hears nothing twice.

type Listener = () => void;

const listeners = new Map<string, Listener>();
/** Announcements made in this tab. */
let announced = 0;
/** Per listener name, how many of them it heard. */
const heard = new Map<string, number>();

function deliver(name: string, listener: Listener) {
  heard.set(name, announced);
  listener();
}

export function announceDepositSettled() {
  announced += 1;
  for (const [name, listener] of listeners) deliver(name, listener);
}

export function onDepositSettled(name: string, listener: Listener): () => void {
  listeners.set(name, listener);
  if ((heard.get(name) ?? 0) < announced) {
    heard.set(name, announced);
    queueMicrotask(() => {
      if (listeners.get(name) === listener) listener();
    });
  }
  return () => {
    if (listeners.get(name) === listener) listeners.delete(name);
  };
}
