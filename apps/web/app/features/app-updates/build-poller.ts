import type { LatestBuild } from "./latest-build";

/** How often an open, visible tab asks for builds/latest.json. */
export const BUILD_POLL_INTERVAL_MS = 60_000;

type PollerOptions = {
  currentId: string;
  fetchLatest: (signal: AbortSignal) => Promise<LatestBuild | null>;
  /** Called once, with the first build seen that differs from currentId. */
  onNewBuild: (build: LatestBuild) => void;
  intervalMs?: number;
  doc?: Document;
};

/**
 * Polls the latest-build manifest while the tab is visible: every intervalMs, and at once when a
 * hidden tab becomes visible again (the likeliest moment for a deploy to have happened). A hidden tab
 * does not poll. Stops after the first new build. Returns stop().
 */
export function startBuildPoller({ currentId, fetchLatest, onNewBuild, intervalMs = BUILD_POLL_INTERVAL_MS, doc = document }: PollerOptions) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: AbortController | undefined;
  let stopped = false;

  const schedule = () => {
    clearTimeout(timer);
    if (stopped || doc.visibilityState !== "visible") return;
    timer = setTimeout(() => void poll(), intervalMs);
  };

  const poll = async () => {
    if (stopped || inFlight) return;
    inFlight = new AbortController();
    const latest = await fetchLatest(inFlight.signal).catch(() => null);
    inFlight = undefined;
    if (stopped) return;
    if (latest && latest.id !== currentId) {
      stop();
      onNewBuild(latest);
      return;
    }
    schedule();
  };

  const onVisibility = () => {
    if (doc.visibilityState === "visible") void poll();
    else clearTimeout(timer);
  };

  function stop() {
    stopped = true;
    clearTimeout(timer);
    inFlight?.abort();
    doc.removeEventListener("visibilitychange", onVisibility);
  }

  doc.addEventListener("visibilitychange", onVisibility);
  schedule();
  return stop;
}
