import { describe, expect, it } from "vitest";
import { closeConfirmation } from "./close-confirmation";

describe("closeConfirmation", () => {
  it("nothing open: no confirmation", () => {
    expect(closeConfirmation([], "Pharaoh Gold")).toBeNull();
  });

  it("single: names the one game", () => {
    expect(closeConfirmation(["Neon Nights"], "Pharaoh Gold")).toEqual({
      mode: "single",
      title: "Close your other game?",
      text: "Neon Nights is open in another window. Its game session will be closed when you start Pharaoh Gold. Do you want to continue?",
      confirm: "Close it and play",
    });
  });

  it("double: names both", () => {
    const c = closeConfirmation(["Neon Nights", "Salon Roulette"], "Pharaoh Gold")!;
    expect(c.mode).toBe("double");
    expect(c.text).toBe(
      "Neon Nights and Salon Roulette are open in other windows. Both game sessions will be closed when you start Pharaoh Gold. Do you want to continue?",
    );
  });

  it("change: names three or four, counts the rest", () => {
    expect(closeConfirmation(["A", "B", "C"], "P")!.text).toBe(
      "You are playing A, B and C in other windows. These game sessions will be closed when you start P. Do you want to continue?",
    );
    expect(closeConfirmation(["A", "B", "C", "D"], "P")!.text).toContain("playing A, B, C and D in other");
    const six = closeConfirmation(["A", "B", "C", "D", "E", "F"], "P")!;
    expect(six.mode).toBe("change");
    expect(six.text).toContain("playing A, B, C, D and 2 more in other");
  });
});
