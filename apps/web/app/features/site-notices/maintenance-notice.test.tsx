import { act, cleanup, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MaintenanceNotice } from "./maintenance-notice";

const assign = vi.fn();

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"] });
  vi.setSystemTime(new Date("2026-11-25T10:00:00Z"));
  vi.stubGlobal("location", { ...window.location, assign });
  window.sessionStorage.clear();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  assign.mockReset();
});

describe("MaintenanceNotice", () => {
  it("counts down to the end and tries the page once when it is reached", () => {
    const until = Date.parse("2026-11-25T10:00:03Z");
    render(<MaintenanceNotice until_ms={until} returnPath="/live" />);
    expect(screen.getByRole("timer").textContent).toBe("00:00:03");
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole("timer").textContent).toBe("00:00:02");
    expect(assign).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(2000));
    expect(screen.getByRole("timer").textContent).toBe("00:00:00");
    expect(assign).toHaveBeenCalledExactlyOnceWith("/live");
    expect(screen.getByRole("link", { name: "Try again" }).getAttribute("href")).toBe("/live");
  });

  it("does not bounce again when the server sends the visitor back with the same end", () => {
    const until = Date.parse("2026-11-25T09:59:00Z");
    window.sessionStorage.setItem(`maintenance-retried:${until}`, "1");
    render(<MaintenanceNotice until_ms={until} returnPath="/live" />);
    expect(assign).not.toHaveBeenCalled();
  });

  it("says so when there is no end time", () => {
    render(<MaintenanceNotice until_ms={null} returnPath="/" />);
    expect(screen.queryByRole("timer")).toBeNull();
    expect(screen.getByText(/don't have an end time yet/)).toBeTruthy();
  });
});
