import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearTokens, writeTokens } from "../identity/token-store";
import { clientAuth } from "../../lib/client-auth";
import { InstalledAppRuntime } from "./installed-app-runtime";

const PLAYER = "20000000-0000-4000-8000-000000000001";
const base64Url = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
const token = `${base64Url({ alg: "HS256", typ: "JWT" })}.${base64Url({ sub: PLAYER, exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`;

let saved: unknown[] = [];

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
  saved = [];
  writeTokens({ access_token: token, refresh_token: "" });
  act(() => clientAuth.set(true, PLAYER));
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = new Request(new URL(String(input instanceof Request ? input.url : input), "http://localhost"), init);
    const source = input instanceof Request ? input : request;
    if (source.url.endsWith("/api/v1/profile") && source.method === "POST") saved.push(await source.json());
    return new Response(JSON.stringify({ status: "ok", payload: {}, metadata: { request_id: "t" } }), {
      status: 200,
      headers: { "content-type": "application/json" },
    });
  });
});

afterEach(() => {
  cleanup();
  clearTokens();
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
