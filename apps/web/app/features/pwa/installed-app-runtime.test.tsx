import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientAuth } from "../../lib/client-auth";
import { InstalledAppRuntime } from "./installed-app-runtime";

const PLAYER = "20000000-0000-4000-8000-000000000001";
// The profile call as the API client makes it: every POST body it is given.
const saved = vi.hoisted(() => [] as unknown[]);
vi.mock("../../lib/player-api", () => ({
  playerApi: () => ({
    post: async (path: string, options: { body: unknown }) => {
      if (path === "/api/v1/profile") saved.push(options.body);
      return { payload: {} };
    },
  }),
}));

function renderAs(flags: { pwa_installed: boolean; pwa_opened: boolean }, standalone: boolean) {
  vi.stubGlobal("matchMedia", (query: string) => ({ matches: standalone && query === "(display-mode: standalone)" }));
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/*",
      loader: () => ({ userId: PLAYER, profile: { id: PLAYER, email: "p@example.com", ...flags } }),
      HydrateFallback: () => null,
      Component: () => (
        <>
          <InstalledAppRuntime />
          <p>page</p>
        </>
      ),
    },
  ]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Stub initialEntries={["/"]} />
    </QueryClientProvider>,
  );
}

beforeEach(() => {
  saved.length = 0;
  act(() => clientAuth.set(true, PLAYER));
});

afterEach(() => {
  cleanup();
  act(() => clientAuth.set(false, null));
  vi.unstubAllGlobals();
});

describe("InstalledAppRuntime (seed 000, app-installed)", () => {
  it("saves pwa_opened and pwa_installed through the profile call when the installed app opens for the first time", async () => {
    renderAs({ pwa_installed: false, pwa_opened: false }, true);
    await screen.findByText("page");
    await vi.waitFor(() => expect(saved).toEqual([{ pwa_opened: true, pwa_installed: true }]));
  });

  it("saves pwa_opened false when a browser tab opens after the installed app did", async () => {
    renderAs({ pwa_installed: true, pwa_opened: true }, false);
    await screen.findByText("page");
    await vi.waitFor(() => expect(saved).toEqual([{ pwa_opened: false }]));
  });

  it("saves nothing when the profile already says how the app is opened", async () => {
    renderAs({ pwa_installed: true, pwa_opened: true }, true);
    await screen.findByText("page");
    // The effect runs in the commit that shows the page: nothing was sent by then, and nothing is queued.
    await act(async () => undefined);
    expect(saved).toEqual([]);
  });
});
