import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clientAuth } from "../../lib/client-auth";
import { ExclusionForm } from "./exclusion-form";

const server = { answer: { status: 200, payload: {} as unknown }, bodies: [] as unknown[] };

beforeEach(() => {
  server.bodies = [];
  vi.stubGlobal("fetch", async (request: Request) => {
    server.bodies.push(JSON.parse(await request.text()));
    const { status, payload } = server.answer;
    return new Response(
      JSON.stringify({ status: status < 400 ? "ok" : "error", payload, metadata: { request_id: "t" } }),
      {
        status,
        headers: { "content-type": "application/json" },
      },
    );
  });
  clientAuth.registerSession({ accessToken: async () => "token", unauthorized: () => undefined });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const exclusion = {
  guid: "60000000-0000-4000-8000-000000000001",
  kind: "self_exclusion",
  period: "1y",
  starts_at: "2026-11-25T10:00:00.000Z",
  ends_at: "2027-11-25T10:00:00.000Z",
  ended_at: null,
  active: true,
};

describe("ExclusionForm", () => {
  it("asks in a dialog that says it cannot be undone, sends the password, and reports the exclusion", async () => {
    const onExcluded = vi.fn();
    server.answer = { status: 200, payload: exclusion };
    render(<ExclusionForm passwordless={false} onExcluded={onExcluded} />);
    fireEvent.click(screen.getByRole("radio", { name: /Self-exclude/ }));
    fireEvent.click(screen.getByRole("radio", { name: "1 year" }));
    fireEvent.click(screen.getByRole("button", { name: "Self-exclude" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Self-exclude for 1 year?" });
    expect(within(dialog).getByText("This cannot be undone or shortened.")).toBeTruthy();
    const confirm = within(dialog).getByRole("button", { name: "Yes, start it now" }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.change(within(dialog).getByLabelText("Your password"), { target: { value: "secret-pass-1" } });
    fireEvent.click(confirm);
    await waitFor(() => expect(onExcluded).toHaveBeenCalledWith(exclusion));
    expect(server.bodies).toEqual([{ kind: "self_exclusion", period: "1y", password: "secret-pass-1" }]);
  });

  it("shows the server's refusal in the dialog and stays open; an account without a password types its email", async () => {
    const onExcluded = vi.fn();
    server.answer = {
      status: 400,
      payload: {
        code: "VALIDATION_ERROR",
        message: "Type your email address to confirm.",
        fields: [{ field: "body.password", message: "x" }],
      },
    };
    render(<ExclusionForm passwordless onExcluded={onExcluded} />);
    fireEvent.click(screen.getByRole("button", { name: "Start time-out" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Take a time-out for 24 hours?" });
    fireEvent.change(within(dialog).getByLabelText("Type your email address to confirm"), {
      target: { value: "me@x.test" },
    });
    fireEvent.click(within(dialog).getByRole("button", { name: "Yes, start it now" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("Type your email address to confirm.");
    expect(onExcluded).not.toHaveBeenCalled();
    expect(screen.getByRole("alertdialog")).toBeTruthy();
  });
});
