import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConsentRuntime } from "./consent-runtime";
import { CONSENT_STORAGE_KEY, readConsent } from "./consent-store";
import { CookieSettingsButton } from "./cookie-settings-button";

function renderRuntime() {
  const router = createMemoryRouter([
    {
      path: "/",
      element: (
        <>
          <ConsentRuntime />
          <CookieSettingsButton />
        </>
      ),
    },
  ]);
  return render(<RouterProvider router={router} />);
}

beforeEach(() => window.localStorage.clear());
afterEach(cleanup);

describe("ConsentRuntime", () => {
  it("shows the banner until a choice; rejecting stores no optional consent and hides it", () => {
    renderRuntime();
    const banner = screen.getByRole("region", { name: "Cookie consent" });
    fireEvent.click(screen.getByRole("button", { name: "Reject optional" }));
    expect(banner.isConnected).toBe(false);
    expect(readConsent()).toMatchObject({ analytics: false, marketing: false });
  });

  it("accepting all stores both categories", () => {
    renderRuntime();
    fireEvent.click(screen.getByRole("button", { name: "Accept all" }));
    expect(readConsent()).toMatchObject({ analytics: true, marketing: true });
    expect(screen.queryByRole("region", { name: "Cookie consent" })).toBeNull();
  });

  it("a returning player with a stored choice sees no banner", () => {
    window.localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ analytics: false, marketing: true, decided_at: "2026-11-01T00:00:00Z" }),
    );
    renderRuntime();
    expect(screen.queryByRole("region", { name: "Cookie consent" })).toBeNull();
  });

  it("Cookie settings opens a labelled dialog with the stored choice; saving changes it, Escape closes it", async () => {
    window.localStorage.setItem(
      CONSENT_STORAGE_KEY,
      JSON.stringify({ analytics: true, marketing: false, decided_at: "2026-11-01T00:00:00Z" }),
    );
    renderRuntime();
    fireEvent.click(screen.getByRole("button", { name: "Cookie settings" }));
    // The dialog's code loads on the first opening (ADR 045).
    const dialog = await screen.findByRole("dialog", { name: "Cookie settings" });
    expect(dialog).toBeTruthy();
    const necessary = screen.getByRole("checkbox", { name: /Necessary/ }) as HTMLInputElement;
    const analytics = screen.getByRole("checkbox", { name: "Analytics" }) as HTMLInputElement;
    const marketing = screen.getByRole("checkbox", { name: "Marketing" }) as HTMLInputElement;
    expect([necessary.checked, necessary.disabled, analytics.checked, marketing.checked]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    fireEvent.click(analytics);
    fireEvent.click(marketing);
    fireEvent.click(screen.getByRole("button", { name: "Save choices" }));
    expect(readConsent()).toMatchObject({ analytics: false, marketing: true });
    expect(screen.queryByRole("dialog")).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Cookie settings" }));
    const reopened = await screen.findByRole("dialog");
    act(() => {
      fireEvent.keyDown(reopened, { key: "Escape" });
    });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(readConsent()).toMatchObject({ analytics: false, marketing: true });
  });

  it("Customise on the banner opens the dialog; nothing is stored until saved", async () => {
    renderRuntime();
    fireEvent.click(screen.getByRole("button", { name: "Customise" }));
    expect(await screen.findByRole("dialog", { name: "Cookie settings" })).toBeTruthy();
    expect(readConsent()).toBeNull();
  });
});
