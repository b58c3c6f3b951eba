import { describe, expect, it, vi } from "vitest";
import { createFirstDepositCheck, FIRST_DEPOSIT_KEY } from "./first-deposit";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return { getItem: (key: string) => data.get(key) ?? null, setItem: (key: string, value: string) => void data.set(key, value), data };
}

const ok = { transaction_type: "deposit" as const, status: "successful" as const };

describe("first-deposit decision", () => {
  it("opens once for exactly one successful deposit and sets the flag", async () => {
    const storage = memoryStorage();
    const check = createFirstDepositCheck(storage, async () => [ok]);
    await expect(check()).resolves.toBe(true);
    expect(storage.data.get(FIRST_DEPOSIT_KEY)).toBe("true");
    await expect(check()).resolves.toBe(false);
  });

  it("does not open when the flag is already set, without asking the server", async () => {
    const fetch = vi.fn(async () => [ok]);
    const check = createFirstDepositCheck(memoryStorage({ [FIRST_DEPOSIT_KEY]: "true" }), fetch);
    await expect(check()).resolves.toBe(false);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("does not open for a second deposit or for none, and leaves the flag alone", async () => {
    const storage = memoryStorage();
    await expect(createFirstDepositCheck(storage, async () => [ok, ok])()).resolves.toBe(false);
    await expect(createFirstDepositCheck(storage, async () => [])()).resolves.toBe(false);
    expect(storage.data.has(FIRST_DEPOSIT_KEY)).toBe(false);
  });

  it("counts only successful deposits", async () => {
    const storage = memoryStorage();
    const mixed = [ok, { transaction_type: "deposit" as const, status: "pending" as const }, { transaction_type: "withdrawal" as const, status: "successful" as const }];
    await expect(createFirstDepositCheck(storage, async () => mixed)()).resolves.toBe(true);
  });

  it("treats a failed check as no deposit", async () => {
    const storage = memoryStorage();
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    await expect(createFirstDepositCheck(storage, async () => Promise.reject(new Error("offline")))()).resolves.toBe(false);
    expect(storage.data.has(FIRST_DEPOSIT_KEY)).toBe(false);
    warn.mockRestore();
  });

  it("answers false to a second call while the first one runs (event and page poll at once)", async () => {
    let release: (value: (typeof ok)[]) => void = () => undefined;
    const check = createFirstDepositCheck(memoryStorage(), () => new Promise((resolve) => (release = resolve)));
    const first = check();
    const second = check();
    release([ok]);
    await expect(Promise.all([first, second])).resolves.toEqual([true, false]);
  });
});
