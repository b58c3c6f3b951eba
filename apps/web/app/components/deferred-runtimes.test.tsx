import { act, cleanup, render, screen } from "@testing-library/react";
import { prerenderToNodeStream } from "react-dom/static";
import {
  createMemoryRouter,
  createStaticHandler,
  createStaticRouter,
  RouterProvider,
  StaticRouterProvider,
} from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_PROMO_POPUPS_CONFIG } from "../features/promo-popups/promo-popups-config";
import { clientAuth } from "../lib/client-auth";
import { DeferredRuntimes } from "./deferred-runtimes";

// The real pieces render nothing; markers show whether and when each group is mounted.
vi.mock("./runtime-pieces", () => ({
  VisitorRuntimes: () => <span data-testid="visitor-runtimes" />,
  PlayerRuntimes: () => <span data-testid="player-runtimes" />,
}));

const element = <DeferredRuntimes promoPopups={DEFAULT_PROMO_POPUPS_CONFIG} />;

afterEach(() => {
  cleanup();
  act(() => clientAuth.set(false));
});

describe("DeferredRuntimes", () => {
  it("renders nothing on the server, so the page's HTML and its hydration never include the runtimes", async () => {
    const routes = [{ id: "root", path: "/", loader: () => ({ authenticated: true, userId: "u1" }), element }];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request("http://localhost/"));
    if (context instanceof Response) throw new Error("unexpected response");
    // prerender waits for every lazy piece, so a runtime rendered on the server would be in the HTML.
    const { prelude } = await prerenderToNodeStream(
      <StaticRouterProvider router={createStaticRouter(handler.dataRoutes, context)} context={context} />,
    );
    let html = "";
    for await (const chunk of prelude) html += String(chunk);
    expect(html).not.toContain("visitor-runtimes");
    expect(html).not.toContain("player-runtimes");
  });

  it("mounts the visitor's runtimes in the browser, and the player's only while one is logged in", async () => {
    const router = createMemoryRouter([{ id: "root", path: "/", element }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByTestId("visitor-runtimes")).toBeTruthy();
    expect(screen.queryByTestId("player-runtimes")).toBeNull();

    act(() => clientAuth.set(true, "u1"));
    expect(await screen.findByTestId("player-runtimes")).toBeTruthy();

    act(() => clientAuth.set(false));
    expect(screen.queryByTestId("player-runtimes")).toBeNull();
    expect(screen.getByTestId("visitor-runtimes")).toBeTruthy();
  });
});
