import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import DepositSuccessModal from "./deposit-success-modal";

afterEach(cleanup);

describe("deposit-success dialog", () => {
  it("keeps the spec's texts and its button closes it and goes to /account/bonuses", async () => {
    const onClose = vi.fn();
    const Stub = createRoutesStub([
      { path: "/", Component: () => <DepositSuccessModal onClose={onClose} /> },
      { path: "/account/bonuses", Component: () => <p>My bonuses page</p> },
    ]);
    render(<Stub initialEntries={["/"]} />);
    const dialog = await screen.findByRole("dialog");
    expect(dialog.id).toBe("FlowDeposit");
    expect(screen.getByRole("heading", { name: "Deposit successful!" })).toBeTruthy();
    expect(dialog.textContent).toContain("successfully credited");
    fireEvent.click(screen.getByRole("button", { name: "Go to my bonuses" }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(await screen.findByText("My bonuses page")).toBeTruthy();
  });
});
