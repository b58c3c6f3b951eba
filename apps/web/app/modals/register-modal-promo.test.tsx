import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import RegisterModal from "./register-modal";

// Sign-up validates the promo code (ADR 034): the server's field error shows under "Promo code".

const envelope = (payload: unknown) => ({ status: "ok", payload, metadata: { request_id: "r1" } });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

let signupBodies: Record<string, unknown>[] = [];

beforeEach(() => {
  signupBodies = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (request: Request) => {
      const path = new URL(request.url).pathname.replace(/^\/api\/v1/, "");
      if (path === "/authorization/recaptcha") return json(200, envelope({ enabled: false, site_key: null }));
      if (path === "/session/create") return json(200, envelope({ access_token: "anon-access", refresh_token: "anon-refresh" }));
      if (path === "/signup/fields")
        return json(200, envelope([{ guid: "10000000-0000-4000-8000-000000000001", field_name: "promo_code", is_displayed: true, is_required: false, can_be_fixed: true }]));
      if (path === "/signup") {
        signupBodies.push((await request.json()) as Record<string, unknown>);
        return json(400, {
          status: "error",
          payload: { code: "VALIDATION_ERROR", message: "body.promo_code: has expired", fields: [{ field: "body.promo_code", message: "has expired" }] },
          metadata: { request_id: "r2" },
        });
      }
      return json(200, envelope([]));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("register modal: promo code", () => {
  it("sends the code and shows the server's refusal under the Promo code field", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const Stub = createRoutesStub([{ path: "/*", Component: () => <RegisterModal close={() => undefined} /> }]);
    render(
      <QueryClientProvider client={client}>
        <Stub initialEntries={["/?modal=register"]} />
      </QueryClientProvider>,
    );
    const promo = await screen.findByLabelText(/Promo code/);
    fireEvent.change(screen.getByLabelText("Email"), { target: { value: "ann@example.com" } });
    fireEvent.change(screen.getByLabelText("Password"), { target: { value: "a long enough passphrase 42" } });
    fireEvent.change(promo, { target: { value: "OLDCODE" } });
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(screen.getByText("Promo code has expired")).toBeTruthy());
    expect(signupBodies[0]).toMatchObject({ promo_code: "OLDCODE" });
    expect(promo.getAttribute("aria-invalid")).toBe("true");
  });
});
