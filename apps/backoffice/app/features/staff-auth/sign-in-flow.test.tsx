import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { SignInFlow } from "./sign-in-flow";

const STAFF = { id: "11111111-1111-4111-8111-111111111111", email: "ada@croupier.test", display_name: "Ada", role: "admin", permissions: ["self"] };
const CODES = Array.from({ length: 10 }, (_, i) => `ABCDE-FGH${i}K`);

const envelope = (status: number, payload: unknown) =>
  new Response(JSON.stringify({ status: status < 400 ? "ok" : "error", payload, metadata: { request_id: "r" } }), { status, headers: { "content-type": "application/json" } });

type Handler = (body: Record<string, unknown>) => Response;
let routes: Record<string, Handler>;
const bodies: Record<string, Record<string, unknown>[]> = {};

beforeEach(() => {
  for (const key of Object.keys(bodies)) delete bodies[key];
  vi.stubGlobal("fetch", async (request: Request) => {
    const path = new URL(request.url).pathname.replace("/api/backoffice/v1", "");
    const body = (await request.json()) as Record<string, unknown>;
    (bodies[path] ??= []).push(body);
    expect(request.headers.get("authorization")).toBeNull();
    return routes[path]!(body);
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderFlow() {
  const onSignedIn = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SignInFlow notice="Your session has ended. Please sign in again." onSignedIn={onSignedIn} />
    </QueryClientProvider>,
  );
  return onSignedIn;
}

async function enterCredentials(email = "ada@croupier.test", password = "correct horse battery") {
  fireEvent.change(screen.getByLabelText("Email"), { target: { value: email } });
  fireEvent.change(screen.getByLabelText("Password"), { target: { value: password } });
  fireEvent.click(screen.getByRole("button", { name: "Continue" }));
}

describe("SignInFlow", () => {
  it("enrols two-factor, shows the recovery codes once, then signs in", async () => {
    routes = {
      "/auth/login": () => envelope(200, { step: "enrol", challenge_token: "challenge-123456", otpauth_uri: "otpauth://totp/x?secret=JBSWY3DPEHPK3PXP", secret: "JBSWY3DPEHPK3PXP" }),
      "/auth/enrol": () => envelope(200, { token: "staff-token", expires_at: "2026-11-25T14:00:00Z", recovery_codes: CODES, staff: STAFF }),
    };
    const onSignedIn = renderFlow();
    expect(screen.getByRole("status").textContent).toContain("Your session has ended");
    await enterCredentials("  ada@croupier.test ");
    await screen.findByText("JBSWY3DPEHPK3PXP");
    const code = screen.getByLabelText("Six-digit code from your authenticator app") as HTMLInputElement;
    expect(code.autocomplete).toBe("one-time-code");
    fireEvent.change(code, { target: { value: "12 34-56" } });
    expect(code.value).toBe("123456");
    fireEvent.click(screen.getByRole("button", { name: "Turn on two-factor" }));

    const list = await screen.findByTestId("recovery-codes");
    expect(list.querySelectorAll("li")).toHaveLength(10);
    expect(bodies["/auth/login"]).toEqual([{ email: "ada@croupier.test", password: "correct horse battery" }]);
    expect(bodies["/auth/enrol"]).toEqual([{ challenge_token: "challenge-123456", code: "123456" }]);
    expect(onSignedIn).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole("button", { name: "I have saved them" }));
    expect(onSignedIn).toHaveBeenCalledWith({ token: "staff-token", staff: STAFF });
  });

  it("verifies with a recovery code", async () => {
    routes = {
      "/auth/login": () => envelope(200, { step: "verify", challenge_token: "challenge-123456" }),
      "/auth/verify": () => envelope(200, { token: "staff-token", expires_at: "2026-11-25T14:00:00Z", staff: STAFF, recovery_codes_left: 9 }),
    };
    const onSignedIn = renderFlow();
    await enterCredentials();
    fireEvent.click(await screen.findByRole("button", { name: "Use a recovery code" }));
    fireEvent.change(screen.getByLabelText("Recovery code"), { target: { value: " abcde-fgh0k " } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await vi.waitFor(() => expect(onSignedIn).toHaveBeenCalledWith({ token: "staff-token", staff: STAFF }));
    expect(bodies["/auth/verify"]).toEqual([{ challenge_token: "challenge-123456", recovery_code: "abcde-fgh0k" }]);
  });

  it("shows a wrong password, a wrong code and a field error where they belong", async () => {
    let attempts = 0;
    routes = {
      "/auth/login": () => {
        attempts += 1;
        if (attempts === 1) return envelope(401, { code: "UNAUTHORIZED", message: "Wrong email or password." });
        return envelope(200, { step: "verify", challenge_token: "challenge-123456" });
      },
      "/auth/verify": (body) =>
        body.code === "000000"
          ? envelope(401, { code: "UNAUTHORIZED", message: "Wrong code." })
          : envelope(400, { code: "VALIDATION_ERROR", message: "Check the fields.", fields: [{ field: "body.code", message: "must be the 6-digit code from your authenticator app" }] }),
    };
    const onSignedIn = renderFlow();
    await enterCredentials();
    expect((await screen.findByRole("alert")).textContent).toBe("Wrong email or password.");
    fireEvent.click(screen.getByRole("button", { name: "Continue" }));
    const code = await screen.findByLabelText("Six-digit code from your authenticator app");
    fireEvent.change(code, { target: { value: "000000" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Wrong code.");
    fireEvent.change(code, { target: { value: "111111" } });
    fireEvent.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByText("must be the 6-digit code from your authenticator app");
    expect(code.getAttribute("aria-invalid")).toBe("true");
    expect(onSignedIn).not.toHaveBeenCalled();
  });
});
