import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { parsePhoneInput } from "./phone-input";
import { SmsLoginForm } from "./sms-login-form";

type Call = { path: string; body: unknown; captcha: string | null };
let calls: Call[];

function serve(login: { status: number; message?: string }) {
  vi.stubGlobal("fetch", async (request: Request) => {
    const url = new URL(request.url);
    const call = {
      path: url.pathname.replace("/api/v1", ""),
      body: JSON.parse(await request.text()),
      captcha: request.headers.get("X-Captcha-Response"),
    };
    calls.push(call);
    const isLogin = call.path === "/authorization/sms-code/login";
    const status = isLogin ? login.status : 200;
    const payload =
      status !== 200
        ? { code: "BAD_REQUEST", message: login.message, fields: [] }
        : isLogin
          ? { access_token: "a", refresh_token: "r" }
          : null;
    const envelope = { status: status === 200 ? "ok" : "error", payload, metadata: { request_id: "t" } };
    return new Response(JSON.stringify(envelope), { status, headers: { "content-type": "application/json" } });
  });
}

function show(captchaToken?: string) {
  const onTokens = vi.fn();
  const captcha = { element: null, token: () => (captchaToken ? { token: captchaToken } : {}), reset: vi.fn() };
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SmsLoginForm captcha={captcha} onTokens={onTokens} />
    </QueryClientProvider>,
  );
  return onTokens;
}

beforeEach(() => {
  calls = [];
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("log in by SMS code", () => {
  it("asks for a code for the number, then logs in with it", async () => {
    serve({ status: 200 });
    const onTokens = show("captcha-answer");
    fireEvent.change(screen.getByLabelText("Mobile number"), { target: { value: "07700 900123" } });
    fireEvent.click(screen.getByRole("button", { name: "Text me a code" }));
    const code = await screen.findByLabelText("SMS code");
    expect(screen.getByRole("status").textContent).toMatch(/If \+44 7700900123 is verified on an account/);
    fireEvent.change(code, { target: { value: "482913" } });
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(onTokens).toHaveBeenCalledWith({ access_token: "a", refresh_token: "r" }));
    expect(calls).toEqual([
      {
        path: "/authorization/sms-code/request",
        body: { phone: { code: "44", number: "7700900123" } },
        captcha: "captcha-answer",
      },
      {
        path: "/authorization/sms-code/login",
        body: { phone: { code: "44", number: "7700900123" }, code: "482913" },
        captcha: null,
      },
    ]);
  });

  it("shows the server's refusal of a wrong code and stays on the code step", async () => {
    serve({ status: 400, message: "This login code is invalid or has expired. Please request a new one." });
    const onTokens = show();
    fireEvent.change(screen.getByLabelText("Mobile number"), { target: { value: "7700900123" } });
    fireEvent.click(screen.getByRole("button", { name: "Text me a code" }));
    fireEvent.change(await screen.findByLabelText("SMS code"), { target: { value: "111111" } });
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(await screen.findByText(/invalid or has expired/)).toBeTruthy();
    expect(onTokens).not.toHaveBeenCalled();
  });

  it("checks the number and the code before calling the server", async () => {
    serve({ status: 200 });
    show();
    fireEvent.click(screen.getByRole("button", { name: "Text me a code" }));
    expect(await screen.findByText("Enter your mobile number.")).toBeTruthy();
    expect(calls).toEqual([]);
  });
});

describe("parsePhoneInput", () => {
  it("drops a trunk zero and everything but digits, and names what is wrong", () => {
    expect(parsePhoneInput("+44", "07700 900-123")).toEqual({ phone: { code: "44", number: "7700900123" } });
    expect(parsePhoneInput("", "12")).toEqual({
      errors: { code: "Enter the country code, e.g. 44.", number: "Enter your mobile number." },
    });
  });
});
