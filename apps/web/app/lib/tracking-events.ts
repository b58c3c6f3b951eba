// Conversions for the tracking pixel (issue #19): announced where they happen (sign-up, a settled
// deposit) and sent by the external-services runtime only when the player allowed marketing.

export type TrackingEvent = { name: "Lead" } | { name: "Purchase"; value: string; currency: string | null };

const listeners = new Set<(event: TrackingEvent) => void>();

export function announceTrackingEvent(event: TrackingEvent) {
  for (const listener of listeners) listener(event);
}

export function onTrackingEvent(listener: (event: TrackingEvent) => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
