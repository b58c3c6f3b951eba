import type { HubBonus } from "@croupier/contract/entities/bonus";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useMemo } from "react";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { announceDepositSettled } from "../../lib/deposit-settled";
import { PromoPopupDialog } from "./promo-popup-dialog";
import { FIRST_DEPOSIT_FLAG, REGISTER_PROMO_COOKIE } from "./promo-popup-storage";
import { DEFAULT_PROMO_TIMEOUT_MS, parsePromoPopupsConfig, type PromoPopupSettings } from "./promo-popups-config";
import { DEPOSIT_PROMO_REARM_GUARD_MS, useDepositPromo } from "./use-deposit-promo";
import { useRegisterPromo } from "./use-register-promo";
import { pickWelcomeOffer, welcomeOffersKey } from "./welcome-offer-api";

const SETTINGS: PromoPopupSettings = { is_enabled: true, timeout: 10_000 };
const PLAYER = "90000000-0000-4000-8000-000000000001";

// Only what the pop-ups read of an offer; the rest of the hub's entity does not matter here.
const offer = (over: Partial<HubBonus>): HubBonus =>
  ({
    bonus_guid: "71000000-0000-4000-8000-000000000001",
    bonus_name: "Welcome bonus",
    bonus_trigger: "deposit",
    deposit_number: 1,
    description: "Double your first deposit.",
    ...over,
  }) as HubBonus;

function usePage() {
  const location = useLocation();
  return useMemo(() => ({ pathname: location.pathname, search: location.search }), [location.pathname, location.search]);
}

function RegisterHarness({ authenticated, settings }: { authenticated: boolean; settings: PromoPopupSettings }) {
  const page = usePage();
  const { open, close } = useRegisterPromo({ settings, authenticated, page });
  return open ? (
    <button type="button" onClick={close}>
      register promo
    </button>
  ) : null;
}

type DepositProps = {
  authenticated: boolean;
  settings?: PromoPopupSettings;
  hasDeposit: () => Promise<boolean>;
  hasOffer?: () => Promise<boolean>;
};

function DepositHarness({ authenticated, settings = SETTINGS, hasDeposit, hasOffer = async () => true }: DepositProps) {
  const page = usePage();
  const { open, close } = useDepositPromo({ settings, authenticated, userId: authenticated ? PLAYER : null, page, hasDeposit, hasOffer, storage: localStorage });
  return open ? (
    <button type="button" onClick={close}>
      deposit promo
    </button>
  ) : null;
}

function renderHarness(element: () => React.ReactElement, url = "/") {
  // Reading the location re-renders the harness on every navigation, so it picks up a changed login state.
  function Route() {
    useLocation();
    return element();
  }
  const router = createMemoryRouter([{ path: "/*", Component: Route }], { initialEntries: [url] });
  const view = render(<RouterProvider router={router} />);
  return { router, ...view };
}

// React renders (and runs effects) when an act scope ends, as a browser would between two timer
// callbacks: time moves in small acts so a re-render 300 ms in is not put off to the end of a long step.
const STEP_MS = 100;
async function advance(ms: number) {
  for (let left = ms; left > 0; left -= STEP_MS) {
    await act(async () => {
      await vi.advanceTimersByTimeAsync(Math.min(STEP_MS, left));
    });
  }
}

async function go(router: ReturnType<typeof createMemoryRouter>, to: string) {
  await act(async () => {
    await router.navigate(to);
  });
}

const registerShown = () => screen.queryByRole("button", { name: "register promo" }) !== null;
const depositShown = () => screen.queryByRole("button", { name: "deposit promo" }) !== null;

function clearCookie() {
  document.cookie = `${REGISTER_PROMO_COOKIE}=; Max-Age=0; Path=/`;
}

beforeEach(() => {
  vi.useFakeTimers();
  clearCookie();
  localStorage.clear();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  document.querySelectorAll("[data-test-dialog]").forEach((node) => node.remove());
});

describe("promo pop-up configuration", () => {
  it("defaults to on and 5 minutes, reads the PUBLIC_* variables and keeps the default for junk", () => {
    expect(parsePromoPopupsConfig({})).toEqual({
      register: { is_enabled: true, timeout: DEFAULT_PROMO_TIMEOUT_MS },
      deposit: { is_enabled: true, timeout: DEFAULT_PROMO_TIMEOUT_MS },
    });
    const config = parsePromoPopupsConfig({
      PUBLIC_REGISTER_PROMO_ENABLED: "false",
      PUBLIC_REGISTER_PROMO_TIMEOUT_MS: "2500",
      PUBLIC_DEPOSIT_PROMO_ENABLED: "maybe",
      PUBLIC_DEPOSIT_PROMO_TIMEOUT_MS: "5m",
    });
    expect(config.register).toEqual({ is_enabled: false, timeout: 2500 });
    expect(config.deposit).toEqual({ is_enabled: true, timeout: DEFAULT_PROMO_TIMEOUT_MS });
    // Clamped: never more often than once a second, never later than a day.
    expect(parsePromoPopupsConfig({ PUBLIC_REGISTER_PROMO_TIMEOUT_MS: "5" }).register.timeout).toBe(1000);
    expect(parsePromoPopupsConfig({ PUBLIC_REGISTER_PROMO_TIMEOUT_MS: "999999999" }).register.timeout).toBe(86_400_000);
  });
});

describe("register promo", () => {
  it("shows a visitor the pop-up after the delay, not before, and sets the 24-hour cookie", async () => {
    renderHarness(() => <RegisterHarness authenticated={false} settings={SETTINGS} />);
    await advance(9_999);
    expect(registerShown()).toBe(false);
    expect(document.cookie).not.toContain(REGISTER_PROMO_COOKIE);
    await advance(1);
    expect(registerShown()).toBe(true);
    expect(document.cookie).toContain(`${REGISTER_PROMO_COOKIE}=1`);
  });

  it("shows once a day: with the cookie set, a new page never shows it", async () => {
    renderHarness(() => <RegisterHarness authenticated={false} settings={SETTINGS} />);
    await advance(10_000);
    expect(registerShown()).toBe(true);
    cleanup();
    // A reload the same day.
    renderHarness(() => <RegisterHarness authenticated={false} settings={SETTINGS} />);
    await advance(60_000);
    expect(registerShown()).toBe(false);
    // The day is over (the cookie expired): it comes back.
    cleanup();
    clearCookie();
    renderHarness(() => <RegisterHarness authenticated={false} settings={SETTINGS} />);
    await advance(10_000);
    expect(registerShown()).toBe(true);
  });

  it("restarts its delay while modal=register is open, then shows a full delay after it closed", async () => {
    const { router } = renderHarness(() => <RegisterHarness authenticated={false} settings={SETTINGS} />, "/slots?modal=register&page=2");
    await advance(10_000);
    expect(registerShown()).toBe(false);
    // The register dialog closes 2 s into the second delay: that delay still ends unmet-free, so it shows then.
    await advance(2_000);
    await go(router, "/slots?page=2");
    await advance(7_999);
    expect(registerShown()).toBe(false);
    await advance(1);
    expect(registerShown()).toBe(true);
  });

  it("waits while another dialog is open (restarting the delay), and never over a game", async () => {
    const dialog = document.createElement("div");
    dialog.setAttribute("role", "dialog");
    dialog.setAttribute("data-test-dialog", "");
    document.body.append(dialog);
    const { router } = renderHarness(() => <RegisterHarness authenticated={false} settings={SETTINGS} />);
    await advance(30_000);
    expect(registerShown()).toBe(false);
    dialog.remove();
    await go(router, "/game/house/roulette");
    await advance(10_000);
    expect(registerShown()).toBe(false);
    await go(router, "/");
    await advance(10_000);
    expect(registerShown()).toBe(true);
  });

  it("is never shown to a logged-in player, nor when switched off", async () => {
    renderHarness(() => <RegisterHarness authenticated settings={SETTINGS} />);
    await advance(60_000);
    expect(registerShown()).toBe(false);
    cleanup();
    renderHarness(() => <RegisterHarness authenticated={false} settings={{ ...SETTINGS, is_enabled: false }} />);
    await advance(60_000);
    expect(registerShown()).toBe(false);
    expect(document.cookie).not.toContain(REGISTER_PROMO_COOKIE);
  });
});

describe("deposit promo", () => {
  it("shows a player without a deposit every timeout, re-enabled 300 ms after each close", async () => {
    const hasDeposit = vi.fn(async () => false);
    renderHarness(() => <DepositHarness authenticated hasDeposit={hasDeposit} />);
    await advance(9_999);
    expect(depositShown()).toBe(false);
    await advance(1);
    expect(depositShown()).toBe(true);
    expect(hasDeposit).toHaveBeenCalledTimes(1);

    fireEvent.click(screen.getByRole("button", { name: "deposit promo" }));
    expect(depositShown()).toBe(false);
    // The guard: the next delay starts 300 ms after the close, not at it.
    await advance(10_000);
    expect(depositShown()).toBe(false);
    await advance(DEPOSIT_PROMO_REARM_GUARD_MS - 1);
    expect(depositShown()).toBe(false);
    await advance(1);
    expect(depositShown()).toBe(true);
    expect(hasDeposit).toHaveBeenCalledTimes(2);
  });

  it("is not shown on the wallet's deposit and withdraw pages nor with modal=deposit (the delay restarts)", async () => {
    const hasDeposit = vi.fn(async () => false);
    const { router } = renderHarness(() => <DepositHarness authenticated hasDeposit={hasDeposit} />, "/account/wallets/deposit");
    await advance(10_000);
    expect(depositShown()).toBe(false);
    await go(router, "/account/wallets/withdraw");
    await advance(10_000);
    expect(depositShown()).toBe(false);
    await go(router, "/slots?modal=deposit");
    await advance(10_000);
    expect(depositShown()).toBe(false);
    // Blocked rounds never even ask the server.
    expect(hasDeposit).not.toHaveBeenCalled();
    await go(router, "/slots");
    await advance(10_000);
    expect(depositShown()).toBe(true);
  });

  it("stops for good once a deposit is found: isFirstDeposit goes to local storage", async () => {
    const hasDeposit = vi.fn(async () => true);
    renderHarness(() => <DepositHarness authenticated hasDeposit={hasDeposit} />);
    await advance(10_000);
    expect(depositShown()).toBe(false);
    expect(localStorage.getItem(FIRST_DEPOSIT_FLAG)).toBe("true");
    await advance(60_000);
    expect(hasDeposit).toHaveBeenCalledTimes(1);
    // A later page load with the flag never starts the timer.
    cleanup();
    const again = vi.fn(async () => false);
    renderHarness(() => <DepositHarness authenticated hasDeposit={again} />);
    await advance(60_000);
    expect(depositShown()).toBe(false);
    expect(again).not.toHaveBeenCalled();
  });

  it("stops when a settled deposit turns out to be the first", async () => {
    let deposited = false;
    renderHarness(() => <DepositHarness authenticated hasDeposit={async () => deposited} />);
    await advance(5_000);
    deposited = true;
    await act(async () => {
      announceDepositSettled();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(localStorage.getItem(FIRST_DEPOSIT_FLAG)).toBe("true");
    await advance(60_000);
    expect(depositShown()).toBe(false);
  });

  it("starts at login and stops at logout", async () => {
    const hasDeposit = vi.fn(async () => false);
    let authenticated = false;
    const { router } = renderHarness(() => <DepositHarness authenticated={authenticated} hasDeposit={hasDeposit} />);
    await advance(60_000);
    expect(depositShown()).toBe(false);
    expect(hasDeposit).not.toHaveBeenCalled();

    authenticated = true;
    await go(router, "/?login=1");
    await advance(10_000);
    expect(depositShown()).toBe(true);

    authenticated = false;
    await go(router, "/");
    expect(depositShown()).toBe(false);
    await advance(60_000);
    expect(depositShown()).toBe(false);
    expect(hasDeposit).toHaveBeenCalledTimes(1);
  });

  it("does not show without a welcome offer, nor when the check fails (it tries again next round)", async () => {
    const hasDeposit = vi.fn(async () => false);
    let offerRunning = false;
    let failing = true;
    renderHarness(() => (
      <DepositHarness
        authenticated
        hasDeposit={async () => {
          if (failing) throw new Error("network");
          return hasDeposit();
        }}
        hasOffer={async () => offerRunning}
      />
    ));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await advance(10_000);
    expect(depositShown()).toBe(false);
    expect(warn).toHaveBeenCalled();
    failing = false;
    await advance(10_000);
    expect(depositShown()).toBe(false);
    offerRunning = true;
    await advance(10_000);
    expect(depositShown()).toBe(true);
    warn.mockRestore();
  });
});

describe("welcome offer", () => {
  it("register: the registration offer, else the first-deposit offer; deposit: only an offer the player can get", () => {
    const registration = offer({ bonus_guid: "71000000-0000-4000-8000-000000000002", bonus_trigger: "registration", deposit_number: null });
    const first = offer({});
    const second = offer({ bonus_guid: "71000000-0000-4000-8000-000000000003", deposit_number: 2 });
    expect(pickWelcomeOffer("register", [first, second, registration])).toBe(registration);
    expect(pickWelcomeOffer("register", [second, first])).toBe(first);
    expect(pickWelcomeOffer("deposit", [registration, second, first])).toBe(first);
    expect(pickWelcomeOffer("deposit", [registration, second])).toBeNull();
    const claimed = offer({ eligibility: { eligible: false, reason: "You have already received this bonus." } } as Partial<HubBonus>);
    expect(pickWelcomeOffer("deposit", [claimed])).toBeNull();
  });
});

describe("promo pop-up dialog", () => {
  function renderDialog(kind: "register" | "deposit", offers: HubBonus[] | null, url = "/slots?page=2") {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const userId = kind === "deposit" ? PLAYER : null;
    if (offers) client.setQueryData(welcomeOffersKey(userId), offers);
    else client.setQueryDefaults(welcomeOffersKey(userId), { queryFn: () => new Promise(() => undefined) });
    const onClose = vi.fn();
    let location = "";
    function Probe() {
      const current = useLocation();
      location = current.pathname + current.search;
      return null;
    }
    const router = createMemoryRouter(
      [
        {
          path: "/*",
          Component: () => (
            <>
              <Probe />
              <PromoPopupDialog kind={kind} userId={userId} onClose={onClose} headline={(o) => `headline of ${o.bonus_name}`} />
            </>
          ),
        },
      ],
      { initialEntries: [url] },
    );
    render(
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    return { onClose, location: () => location };
  }

  it("register (flow_1, 983 px): the current offer, and Sign up adds modal=register keeping the other parameters", async () => {
    vi.useRealTimers();
    const { onClose, location } = renderDialog("register", [offer({})]);
    const dialog = await screen.findByRole("dialog", { name: "Join Croupier" });
    expect(dialog.id).toBe("flow_1");
    expect(dialog.style.maxWidth).toBe("983px");
    expect(dialog.textContent).toContain("headline of Welcome bonus");
    expect(dialog.textContent).toContain("Double your first deposit.");
    fireEvent.click(screen.getByRole("link", { name: "Sign up" }));
    expect(onClose).toHaveBeenCalled();
    await vi.waitFor(() => expect(location()).toBe("/slots?page=2&modal=register"));
  });

  it("register without any offer makes a generic pitch; a loading offer shows a skeleton", async () => {
    vi.useRealTimers();
    renderDialog("register", []);
    expect((await screen.findByTestId("promo-pitch")).textContent).toContain("Signing up takes a minute");
    cleanup();
    renderDialog("register", null);
    expect(await screen.findByTestId("promo-offer-skeleton")).toBeTruthy();
  });

  it("deposit (FlowNotActivated): Deposit now adds modal=deposit; Escape and the close buttons close it", async () => {
    vi.useRealTimers();
    const { onClose, location } = renderDialog("deposit", [offer({})], "/?tab=1");
    const dialog = await screen.findByRole("dialog", { name: "Your welcome bonus is waiting" });
    expect(dialog.id).toBe("FlowNotActivated");
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    fireEvent.click(screen.getByRole("button", { name: "Not now" }));
    expect(onClose).toHaveBeenCalledTimes(3);
    fireEvent.click(screen.getByRole("link", { name: "Deposit now" }));
    await vi.waitFor(() => expect(location()).toBe("/?tab=1&modal=deposit"));
  });
});
