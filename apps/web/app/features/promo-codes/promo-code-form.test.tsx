import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PromoCodeForm } from "./promo-code-form";
import { wasBonusAnnounced } from "../../lib/announced-bonuses";

const auth = vi.hoisted(() => ({ authenticated: true }));
vi.mock("../../lib/use-auth", () => ({
  useAuth: () => ({ userId: auth.authenticated ? "20000000-0000-4000-8000-000000000001" : null, authenticated: auth.authenticated }),
}));
const toasts = vi.hoisted(() => ({ success: [] as string[] }));
vi.mock("../../lib/toasts", () => ({
  toastSuccess: (message: string) => toasts.success.push(message),
  toastError: () => undefined,
  toastServerError: () => undefined,
}));
vi.mock("../../lib/client-auth", () => ({ clientAuth: { accessToken: async () => "token", unauthorized: () => undefined } }));

const activation = {
  customer_promo_code: {
    guid: "30000000-0000-4000-8000-000000000001",
    customer_guid: "20000000-0000-4000-8000-000000000001",
    project_guid: null,
    bonus_guid: "30000000-0000-4000-8000-000000000002",
    promo_code_guid: "30000000-0000-4000-8000-000000000003",
    promo_code_version_guid: "30000000-0000-4000-8000-000000000004",
    multiple_use: true,
    multiple_use_count: 0,
    status: "activated",
    last_activated_at: "2026-11-28T00:00:00.000Z",
    activated_at: "2026-11-28T00:00:00.000Z",
    updated_at: "2026-11-28T00:00:00.000Z",
    activated_by: "customer",
    activated_by_guid: "20000000-0000-4000-8000-000000000001",
    code: "FREE10",
    bonus_name: "FREE10 bonus",
    customer_bonus_guid: "30000000-0000-4000-8000-000000000005",
  },
  message: "Promo code accepted: you received FREE10 bonus.",
  repeated: false,
};

let bodies: unknown[];
function serve(answer: () => Response) {
  vi.stubGlobal("fetch", async (request: Request) => {
    bodies.push(await request.json());
    return answer();
  });
}

function show(onRedeemed = vi.fn()) {
  const Stub = createRoutesStub([{ path: "/*", Component: () => <PromoCodeForm onRedeemed={onRedeemed} /> }]);
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <Stub initialEntries={["/bonus-hub/promo"]} />
    </QueryClientProvider>,
  );
  return onRedeemed;
}

beforeEach(() => {
  bodies = [];
  toasts.success = [];
  auth.authenticated = true;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("PromoCodeForm", () => {
  it("redeems the code, toasts the bonus by name and tells the page", async () => {
    serve(() => Response.json({ status: "ok", payload: activation, metadata: { request_id: "t" } }));
    const onRedeemed = show();
    fireEvent.change(screen.getByLabelText("Promo code"), { target: { value: " free10 " } });
    fireEvent.click(screen.getByRole("button", { name: "Redeem" }));
    await waitFor(() => expect(toasts.success).toEqual(["Promo code accepted: you received FREE10 bonus."]));
    expect(bodies).toEqual([{ code: "free10" }]);
    expect(onRedeemed).toHaveBeenCalledTimes(1);
    expect((screen.getByLabelText("Promo code") as HTMLInputElement).value).toBe("");
    // The toast named the new bonus: the realtime grant toast for it stays quiet (lib/announced-bonuses).
    expect(wasBonusAnnounced("30000000-0000-4000-8000-000000000005")).toBe(true);
  });

  it("shows the server's refusal under the field, tied to it for screen readers", async () => {
    serve(() =>
      Response.json(
        { status: "error", payload: { code: "PROMO_CODE_EXPIRED", message: "This promo code has expired." }, metadata: { request_id: "t" } },
        { status: 409 },
      ),
    );
    const onRedeemed = show();
    fireEvent.change(screen.getByLabelText("Promo code"), { target: { value: "OLD" } });
    fireEvent.click(screen.getByRole("button", { name: "Redeem" }));
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toBe("This promo code has expired.");
    const input = screen.getByLabelText("Promo code");
    expect(input.getAttribute("aria-invalid")).toBe("true");
    expect(input.getAttribute("aria-describedby")).toBe(alert.id);
    expect(onRedeemed).not.toHaveBeenCalled();
    expect(toasts.success).toEqual([]);
  });

  it("asks for a code before calling the server, and a visitor to log in", async () => {
    serve(() => Response.json({}));
    show();
    fireEvent.click(screen.getByRole("button", { name: "Redeem" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Enter a promo code.");
    expect(bodies).toEqual([]);
    cleanup();
    auth.authenticated = false;
    show();
    expect(screen.getByRole("link", { name: "Log in" }).getAttribute("href")).toContain("modal=login");
    expect(screen.queryByLabelText("Promo code")).toBeNull();
  });
});
