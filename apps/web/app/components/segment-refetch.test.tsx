import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { bonusesRootKey } from "../features/bonuses/bonuses-api";
import { profileKey } from "../features/identity/profile";
import type { RealtimeHandlers } from "../features/realtime/realtime-provider";
import { RealtimeBridge } from "./realtime-bridge";
import { SEGMENT_EVENT_DEBOUNCE_MS } from "./segment-refetch";

const realtime = vi.hoisted(() => ({ handlers: null as RealtimeHandlers | null }));
vi.mock("../features/realtime/realtime-provider", () => ({
  useRealtime: () => ({ client: null, state: "disconnected" }),
  useRealtimeHandlers: (handlers: RealtimeHandlers) => {
    realtime.handlers = handlers;
  },
}));
vi.mock("../lib/use-auth", () => ({ useAuth: () => ({ userId: "player-1", authenticated: true }) }));

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function segmentAdded(): () => void {
  const handle = realtime.handlers!.customer_segment_added;
  if (handle === "ignored") throw new Error("customer_segment_added must be handled");
  return () => handle({ event_id: crypto.randomUUID(), segment_guid: crypto.randomUUID(), name: "VIP" });
}

describe("customer_segment_added", () => {
  it("refetches the profile and payment methods after 1 s (debounced), then the bonuses", async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries").mockResolvedValue();
    render(
      <QueryClientProvider client={queryClient}>
        <RealtimeBridge />
      </QueryClientProvider>,
    );
    const fire = segmentAdded();
    fire();
    await vi.advanceTimersByTimeAsync(SEGMENT_EVENT_DEBOUNCE_MS - 100);
    fire();
    await vi.advanceTimersByTimeAsync(SEGMENT_EVENT_DEBOUNCE_MS - 1);
    expect(invalidate).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(invalidate.mock.calls).toEqual([
      [{ queryKey: profileKey("player-1") }],
      [{ queryKey: ["payments", "methods"] }],
      [{ queryKey: bonusesRootKey }],
    ]);
  });

  it("does nothing once the bridge is gone", async () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries").mockResolvedValue();
    const view = render(
      <QueryClientProvider client={queryClient}>
        <RealtimeBridge />
      </QueryClientProvider>,
    );
    segmentAdded()();
    view.unmount();
    await vi.advanceTimersByTimeAsync(SEGMENT_EVENT_DEBOUNCE_MS * 2);
    expect(invalidate).not.toHaveBeenCalled();
  });
});
