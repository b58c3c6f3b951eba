import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { RealtimeState } from "@croupier/contract/realtime-client";
import { cleanup, render } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { walletsRootKey } from "../features/wallet/wallet-keys";
import { RealtimeWalletBridge } from "./realtime-wallet-bridge";

const realtime = vi.hoisted(() => ({ state: "disconnected" as RealtimeState }));
vi.mock("../features/realtime/realtime-provider", () => ({
  useRealtime: () => ({ client: null, state: realtime.state }),
  useRealtimeEvent: () => undefined,
}));
vi.mock("../lib/use-auth", () => ({ useAuth: () => ({ userId: "player-1", authenticated: true }) }));

afterEach(cleanup);

describe("RealtimeWalletBridge", () => {
  it("refetches the wallets on every connection, the first included", () => {
    const queryClient = new QueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries").mockResolvedValue();
    const ui = (state: RealtimeState) => {
      realtime.state = state;
      return (
        <QueryClientProvider client={queryClient}>
          <RealtimeWalletBridge />
        </QueryClientProvider>
      );
    };
    const view = render(ui("connecting"));
    expect(invalidate).not.toHaveBeenCalled();
    view.rerender(ui("connected"));
    expect(invalidate).toHaveBeenCalledTimes(1);
    expect(invalidate).toHaveBeenLastCalledWith({ queryKey: walletsRootKey });
    view.rerender(ui("disconnected"));
    view.rerender(ui("connecting"));
    expect(invalidate).toHaveBeenCalledTimes(1);
    view.rerender(ui("connected"));
    expect(invalidate).toHaveBeenCalledTimes(2);
  });
});
