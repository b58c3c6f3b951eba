import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BUILD_POLL_INTERVAL_MS, startBuildPoller } from "./build-poller";
import type { LatestBuild } from "./latest-build";

const build = (id: string): LatestBuild => ({ id, timestamp: 1, version: "0.1.0" });

let visibility: DocumentVisibilityState = "visible";
beforeEach(() => {
  vi.useFakeTimers();
  visibility = "visible";
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  document.dispatchEvent(new Event("visibilitychange"));
}

describe("startBuildPoller", () => {
  it("polls every interval and reports the first build whose id differs, once", async () => {
    const answers = [build("a"), build("a"), build("b"), build("c")];
    const fetchLatest = vi.fn(async () => answers.shift() ?? null);
    const onNewBuild = vi.fn();
    startBuildPoller({ currentId: "a", fetchLatest, onNewBuild });

    expect(fetchLatest).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(onNewBuild).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(onNewBuild).toHaveBeenCalledTimes(1);
    expect(onNewBuild).toHaveBeenCalledWith(build("b"));
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS * 3);
    expect(fetchLatest).toHaveBeenCalledTimes(3);
  });

  it("treats a failed poll as no news and keeps polling", async () => {
    const fetchLatest = vi.fn().mockRejectedValueOnce(new Error("offline")).mockResolvedValueOnce(null).mockResolvedValue(build("b"));
    const onNewBuild = vi.fn();
    startBuildPoller({ currentId: "a", fetchLatest, onNewBuild });
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS * 2);
    expect(onNewBuild).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(onNewBuild).toHaveBeenCalledWith(build("b"));
  });

  it("does not poll in a hidden tab and polls at once when it becomes visible again", async () => {
    const fetchLatest = vi.fn(async () => build("a"));
    startBuildPoller({ currentId: "a", fetchLatest, onNewBuild: vi.fn() });
    setVisibility("hidden");
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS * 5);
    expect(fetchLatest).not.toHaveBeenCalled();
    setVisibility("visible");
    await vi.advanceTimersByTimeAsync(0);
    expect(fetchLatest).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS);
    expect(fetchLatest).toHaveBeenCalledTimes(2);
  });

  it("stops polling when stopped", async () => {
    const fetchLatest = vi.fn(async () => build("a"));
    const stop = startBuildPoller({ currentId: "a", fetchLatest, onNewBuild: vi.fn() });
    stop();
    await vi.advanceTimersByTimeAsync(BUILD_POLL_INTERVAL_MS * 3);
    setVisibility("visible");
    expect(fetchLatest).not.toHaveBeenCalled();
  });
});
