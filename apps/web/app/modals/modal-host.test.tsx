import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ModalHost } from "./modal-host";
import { createModalRegistry, type ModalDefinition } from "./modal-registry";

const content = (text: string): ModalDefinition["load"] =>
  async () => ({ default: () => <p>{text}</p> });

const registry = createModalRegistry(
  {
    login: { title: "Log in", load: content("login form") },
    deposit: { title: "Deposit", authOnly: true, load: content("deposit form") },
  },
  [{ pattern: /^bonus-info\d+$/, definition: (name) => ({ title: `Bonus ${name.slice(10)}`, load: content("bonus terms") }) }],
);

let lastLocation = "";
function LocationProbe() {
  const location = useLocation();
  lastLocation = location.pathname + location.search + location.hash;
  return null;
}

function renderAt(url: string, authenticated = false) {
  const Stub = createRoutesStub([
    {
      path: "/*",
      Component: () => (
        <>
          <LocationProbe />
          <ModalHost authenticated={authenticated} registry={registry} />
        </>
      ),
    },
  ]);
  return render(<Stub initialEntries={[url]} />);
}

async function flush(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

// Load the lazy dialog module up front so timing assertions see the delay, not module loading.
beforeAll(async () => {
  await import("./modal-dialog");
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.body.style.overflow = "";
});

describe("ModalHost", () => {
  it("opens a registered dialog 200 ms after ?modal= appears and locks scroll", async () => {
    vi.useFakeTimers();
    renderAt("/slots?modal=login&page=2");
    await flush(150);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.body.style.overflow).toBe("");
    await flush(100);
    vi.useRealTimers();
    expect(await screen.findByRole("dialog", { name: "Log in" })).toBeTruthy();
    expect(await screen.findByText("login form")).toBeTruthy();
    expect(document.body.style.overflow).toBe("hidden");
  });

  it("closing with Escape removes modal and keeps the other parameters and hash", async () => {
    vi.useFakeTimers();
    renderAt("/slots?modal=login&page=2#top");
    await flush(250);
    vi.useRealTimers();
    const dialog = await screen.findByRole("dialog", { name: "Log in" });
    fireEvent.keyDown(dialog, { key: "Escape" });
    await waitFor(() => expect(lastLocation).toBe("/slots?page=2#top"));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(document.body.style.overflow).toBe("");
  });

  it("ignores unknown values", async () => {
    vi.useFakeTimers();
    renderAt("/?modal=unknown");
    await flush(500);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(lastLocation).toBe("/?modal=unknown");
  });

  it("resolves pattern entries such as bonus-info3", async () => {
    vi.useFakeTimers();
    renderAt("/?modal=bonus-info3");
    await flush(250);
    vi.useRealTimers();
    expect(await screen.findByRole("dialog", { name: "Bonus 3" })).toBeTruthy();
  });

  it("keeps authOnly dialogs closed for a visitor", async () => {
    vi.useFakeTimers();
    renderAt("/?modal=deposit");
    await flush(500);
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("drops login from the address for a logged-in player", async () => {
    vi.useFakeTimers();
    renderAt("/live?modal=login&x=1", true);
    await flush(0);
    expect(lastLocation).toBe("/live?x=1");
    await flush(500);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
