// Customer bonuses whose arrival the page itself just announced (e.g. the promo-code form's success
// toast). The realtime "You have a new bonus" for the same bonus follows a moment later over the socket
// and must not say it again. A tiny shared store in lib so features that never import each other can
// both use it; per tab, in memory, bounded.

/** How long an announcement silences the realtime toast of the same customer bonus. */
export const ANNOUNCED_BONUS_MS = 10_000;
/** A guard: a tab announces a handful of bonuses at most; never let the map grow. */
const ANNOUNCED_MAX = 50;

const announced = new Map<string, number>();

/** The page has just told the player about this customer bonus. */
export function markBonusAnnounced(customerBonusGuid: string, now = Date.now()): void {
  for (const [guid, until] of announced) if (until < now) announced.delete(guid);
  if (announced.size >= ANNOUNCED_MAX) {
    const oldest = announced.keys().next().value;
    if (oldest !== undefined) announced.delete(oldest);
  }
  announced.delete(customerBonusGuid);
  announced.set(customerBonusGuid, now + ANNOUNCED_BONUS_MS);
}

/** Whether the page announced this customer bonus within the last few seconds. */
export function wasBonusAnnounced(customerBonusGuid: string, now = Date.now()): boolean {
  const until = announced.get(customerBonusGuid);
  return until !== undefined && until >= now;
}
