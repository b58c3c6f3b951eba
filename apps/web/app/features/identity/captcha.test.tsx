import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import ForgotPasswordModal from "../../modals/forgot-password-modal";
import LoginModal from "../../modals/login-modal";
import type { ModalContentProps } from "../../modals/modal-content-props";
import RegisterModal from "../../modals/register-modal";
import { RECAPTCHA_SCRIPT_URL, resetRecaptchaLoader, type Grecaptcha } from "./recaptcha-script";

const SITE_KEY = "6Lc-test-site-key";
const envelope = (payload: unknown) => ({ status: "ok", payload, metadata: { request_id: "r1" } });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

type Call = { method: string; path: string; captcha: string | null };
let calls: Call[] = [];
let captchaEnabled = false;
let loginAnswer: () => Response;

function fakeServer() {
  return vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname.replace(/^\/api\/v1/, "");
    calls.push({ method: request.method, path, captcha: request.headers.get("x-captcha-response") });
    if (path === "/authorization/recaptcha") return json(200, envelope({ enabled: captchaEnabled, site_key: captchaEnabled ? SITE_KEY : null }));
    if (path === "/session/create") return json(200, envelope({ access_token: "anon-access", refresh_token: "anon-refresh" }));
    if (path === "/authorization/login") return loginAnswer();
    if (path === "/password/token") return new Response(null, { status: 204 });
    if (path === "/signup/fields") return json(200, envelope([]));
    return json(200, envelope([]));
  });
}

/** A stand-in for Google's API: one widget, whose answer the test sets. */
function fakeGrecaptcha() {
  const state = { answer: "", renders: [] as { sitekey: string }[], resets: 0 };
  const api: Grecaptcha = {
    render: (_container, parameters) => {
      state.renders.push(parameters);
      return 7;
    },
    getResponse: (id) => (id === 7 ? state.answer : ""),
    reset: (id) => {
      if (id === 7) {
        state.resets += 1;
        state.answer = "";
      }
    },
  };
  return { api, state };
}

const recaptchaScript = () => [...document.head.querySelectorAll("script")].find((script) => script.src === RECAPTCHA_SCRIPT_URL) ?? null;

/** Plays the part of api.js having loaded: the API appears and the onload callback runs. */
async function finishScriptLoad(api: Grecaptcha) {
  await waitFor(() => expect(recaptchaScript()).not.toBeNull());
  window.grecaptcha = api;
  window.croupierRecaptchaLoaded?.();
}

function renderModal(Modal: (props: ModalContentProps) => React.ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const Stub = createRoutesStub([{ path: "/*", Component: () => <Modal close={() => undefined} /> }]);
  return render(
    <QueryClientProvider client={client}>
      <Stub initialEntries={["/?modal=login"]} />
    </QueryClientProvider>,
  );
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

beforeEach(() => {
  calls = [];
  captchaEnabled = false;
  loginAnswer = () => json(200, envelope({ access_token: "player-access", refresh_token: "player-refresh" }));
  vi.stubGlobal("fetch", fakeServer());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  resetRecaptchaLoader();
  recaptchaScript()?.remove();
  delete window.grecaptcha;
  delete window.croupierRecaptchaLoaded;
});

describe("captcha in the identity dialogs", () => {
  it("captcha off: no script is loaded and login goes without the header", async () => {
    renderModal(LoginModal);
    await waitFor(() => expect(calls.some((call) => call.path === "/authorization/recaptcha")).toBe(true));
    fill("Email", "ann@example.com");
    fill("Password", "correct horse battery");
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(calls.some((call) => call.path === "/authorization/login")).toBe(true));
    expect(calls.find((call) => call.path === "/authorization/login")?.captcha).toBeNull();
    expect(recaptchaScript()).toBeNull();
    expect(screen.queryByTestId("captcha")).toBeNull();
  });

  it("captcha on: renders the widget with the site key and sends its answer as X-Captcha-Response", async () => {
    captchaEnabled = true;
    const { api, state } = fakeGrecaptcha();
    renderModal(LoginModal);
    await finishScriptLoad(api);
    await waitFor(() => expect(state.renders).toEqual([expect.objectContaining({ sitekey: SITE_KEY })]));
    fill("Email", "ann@example.com");
    fill("Password", "correct horse battery");

    // Not ticked yet: nothing is sent.
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Please complete the security check.")).toBeTruthy();
    expect(calls.some((call) => call.path === "/authorization/login")).toBe(false);

    state.answer = "token-from-google";
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(calls.find((call) => call.path === "/authorization/login")?.captcha).toBe("token-from-google"));
    expect(state.resets).toBe(0);
  });

  it("captcha on: a refused login resets the widget so the next attempt needs a new answer", async () => {
    captchaEnabled = true;
    loginAnswer = () => json(422, { status: "error", payload: { code: "VALIDATION_ERROR", message: "Wrong email or password." }, metadata: { request_id: "r2" } });
    const { api, state } = fakeGrecaptcha();
    renderModal(LoginModal);
    await finishScriptLoad(api);
    await waitFor(() => expect(state.renders).toHaveLength(1));
    fill("Email", "ann@example.com");
    fill("Password", "wrong password!");
    state.answer = "first-token";
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Wrong email or password.")).toBeTruthy();
    expect(state.resets).toBe(1);

    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText("Please complete the security check.")).toBeTruthy();
    expect(calls.filter((call) => call.path === "/authorization/login")).toHaveLength(1);
  });

  it("captcha on: the password reset request carries the header too", async () => {
    captchaEnabled = true;
    const { api, state } = fakeGrecaptcha();
    renderModal(ForgotPasswordModal);
    await finishScriptLoad(api);
    await waitFor(() => expect(state.renders).toHaveLength(1));
    fill("Email", "ann@example.com");
    state.answer = "reset-token";
    fireEvent.click(screen.getByRole("button", { name: "Send reset link" }));
    await waitFor(() => expect(calls.find((call) => call.path === "/password/token")?.captcha).toBe("reset-token"));
  });

  it("captcha on: tells the player when Google's script cannot load, and sends nothing", async () => {
    captchaEnabled = true;
    renderModal(RegisterModal);
    await waitFor(() => expect(recaptchaScript()).not.toBeNull());
    recaptchaScript()!.dispatchEvent(new Event("error"));
    expect(await screen.findByText(/The security check could not load/)).toBeTruthy();
    fill("Email", "ann@example.com");
    fill("Password", "a long enough passphrase 42");
    fireEvent.click(screen.getByRole("button", { name: "Create account" }));
    await waitFor(() => expect(screen.getAllByText(/The security check could not load/)).toHaveLength(2));
    expect(calls.some((call) => call.path === "/signup")).toBe(false);
    // The failed script is dropped, so reopening the dialog tries again.
    expect(recaptchaScript()).toBeNull();
  });
});
