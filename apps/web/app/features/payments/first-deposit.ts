import type { Payment } from "@croupier/contract/entities/payment";
import { playerApi } from "../../lib/player-api";

/** The local flag of the spec: set once the player's first deposit has been celebrated. */
export const FIRST_DEPOSIT_KEY = "is_first_deposit";
/** The spec's first-deposit check: page 1 with a page size meant as "everything". */
export const FIRST_DEPOSIT_PER_PAGE = 10_000_000_000;

type FlagStorage = Pick<Storage, "getItem" | "setItem">;

/** GET /payments (page 1, per_page 10000000000): the player's successful deposits. */
export async function fetchSuccessfulDeposits(): Promise<Pick<Payment, "transaction_type" | "status">[]> {
  const { payload } = await playerApi().get<Payment[]>("/api/v1/payments", {
    query: { page: 1, per_page: FIRST_DEPOSIT_PER_PAGE, transaction_type: "deposit", status: "successful" },
  });
  return payload;
}

function readFlag(storage: FlagStorage | null): boolean {
  try {
    return storage?.getItem(FIRST_DEPOSIT_KEY) != null;
  } catch {
    return false;
  }
}

/**
 * After a settled deposit: open the deposit-success dialog when the flag is not set yet and
 * exactly one of the player's payments is a successful deposit; the flag is set then, so it opens
 * once. A failed check counts as no deposit (false). A second call while one runs answers false.
 */
export function createFirstDepositCheck(
  storage: FlagStorage | null,
  fetchDeposits: () => Promise<Pick<Payment, "transaction_type" | "status">[]> = fetchSuccessfulDeposits,
) {
  let running = false;
  return async function shouldCelebrateFirstDeposit(): Promise<boolean> {
    if (running || readFlag(storage)) return false;
    running = true;
    try {
      let payments: Pick<Payment, "transaction_type" | "status">[];
      try {
        payments = await fetchDeposits();
      } catch (error) {
        console.warn("first-deposit check failed", error);
        return false;
      }
      const successful = payments.filter((p) => p.transaction_type === "deposit" && p.status === "successful");
      if (successful.length !== 1 || readFlag(storage)) return false;
      try {
        storage?.setItem(FIRST_DEPOSIT_KEY, "true");
      } catch {
        // Private mode without storage: the dialog still opens this once.
      }
      return true;
    } finally {
      running = false;
    }
  };
}

function browserStorage(): FlagStorage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** The tab's check (one at a time across the realtime event and the deposit page's own poll). */
export const shouldCelebrateFirstDeposit = createFirstDepositCheck(browserStorage());
