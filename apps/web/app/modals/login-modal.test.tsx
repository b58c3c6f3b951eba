import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import LoginModal from "./login-modal";
import { FeatureFlagsProvider } from "../features/feature-flags/feature-flags-provider";
import { ALL_OFF } from "../features/feature-flags/feature-names";

// The login modal offers the SMS code only while the sms-auth flag is on (ADR 025).

function show(smsAuth: boolean) {
  vi.stubGlobal(
    "fetch",
    async () =>
      new Response(
        JSON.stringify({ status: "ok", payload: { enabled: false, site_key: null }, metadata: { request_id: "t" } }),
      ),
  );
  const Stub = createRoutesStub([{ path: "/", Component: () => <LoginModal close={() => undefined} /> }]);
  render(
    <QueryClientProvider client={new QueryClient()}>
      <FeatureFlagsProvider flags={{ ...ALL_OFF, "sms-auth": smsAuth }}>
        <Stub />
      </FeatureFlagsProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("login modal", () => {
  it("switches between password and SMS code with the flag on", async () => {
    show(true);
    const smsTab = await screen.findByRole("tab", { name: "SMS code" });
    expect(screen.getByRole("tab", { name: "Password" }).getAttribute("aria-selected")).toBe("true");
    fireEvent.click(smsTab);
    expect(smsTab.getAttribute("aria-selected")).toBe("true");
    expect(screen.getByLabelText("Mobile number")).toBeTruthy();
    expect(screen.queryByLabelText("Password")).toBeNull();
  });

  it("has no SMS option with the flag off", async () => {
    show(false);
    expect(await screen.findByLabelText("Password")).toBeTruthy();
    expect(screen.queryByRole("tab")).toBeNull();
  });
});
