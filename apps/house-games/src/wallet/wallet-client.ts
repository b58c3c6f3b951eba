import { createHmac, randomUUID } from "node:crypto";
import { HOUSE_PROVIDER_CODE } from "../provider.ts";

/**
 * The provider's side of the provider wallet protocol
 * (PROVIDER_WALLET_PROTOCOL.md): signed POSTs to the platform over HTTP,
 * exactly as an external provider would make them. The request shapes mirror
 * @croupier/contract/entities/provider-wallet.
 */
export type WalletStatus =
  | "OK" | "INVALID_SIGNATURE" | "INVALID_REQUEST" | "UNKNOWN_PROVIDER" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "INVALID_GAME"
  | "WRONG_CURRENCY" | "NOT_ENOUGH_MONEY" | "PLAYER_BLOCKED" | "LIMIT_REACHED" | "BET_LIMIT_EXCEEDED" | "DUPLICATE_TRANSACTION"
  | "TRANSACTION_NOT_FOUND" | "TRANSACTION_ROLLED_BACK" | "ROUND_CLOSED" | "INTERNAL_ERROR";

/**
 * free_spin_count and free_spin_bet are optional protocol fields (granted bonus free spins of the wallet, the bet in
 * the play currency): a platform that does not send them has none to give.
 */
export type WalletAnswer = {
  status: WalletStatus;
  currency: string | null;
  balance: string | null;
  bonus_balance: string | null;
  free_spin_count?: number | null;
  free_spin_bet?: string | null;
};
/** A call that got no protocol answer at all (network down, 5xx): its effect is unknown. */
export type WalletOutcome = WalletAnswer | { status: "UNREACHABLE"; currency: null; balance: null; bonus_balance: null };

export type FetchLike = (url: string, init: { method: string; headers: Record<string, string>; body: string }) => Promise<{ status: number; text: () => Promise<string> }>;

export type WalletClientOptions = { platformUrl: string; secret: string; fetch?: FetchLike; timeoutMs?: number };

type Common = { token: string; game_code: string };
/**
 * Wins and rollbacks may go without a token (PROVIDER_WALLET_PROTOCOL rule 4): the provider keeps only a
 * hash of the platform's token, so background recovery has none, and the platform resolves the call by
 * the referenced bet of this provider.
 */
type Settlement = { token?: string | null; game_code: string };
export type BetCall = Common & { round_id: string; transaction_uuid: string; amount: string; currency: string; is_free_spin: boolean; round_closed: boolean };
export type WinCall = Settlement & { round_id: string; transaction_uuid: string; reference_transaction_uuid: string; amount: string; currency: string; round_closed: boolean };
export type RollbackCall = Settlement & { round_id: string; transaction_uuid: string; reference_transaction_uuid: string };

const RETRIES = 3;

export class WalletClient {
  private readonly fetcher: FetchLike;
  constructor(private readonly options: WalletClientOptions) {
    this.fetcher = options.fetch ?? ((url, init) => fetch(url, { ...init, signal: AbortSignal.timeout(options.timeoutMs ?? 10_000) }));
  }

  balance(call: Common) {
    return this.call("balance", call);
  }
  bet(call: BetCall) {
    return this.call("bet", call);
  }
  win(call: WinCall) {
    return this.call("win", call);
  }
  rollback(call: RollbackCall) {
    return this.call("rollback", call);
  }

  /** One signed call; retried on 5xx / network errors (the transaction ids make retries safe). */
  private async call(method: string, { token, ...rest }: Record<string, unknown>): Promise<WalletOutcome> {
    // No token (null or absent) is left out of the body, never sent as null.
    const body = typeof token === "string" && token.length > 0 ? { token, ...rest } : rest;
    const url = `${this.options.platformUrl.replace(/\/$/, "")}/api/v1/provider/${HOUSE_PROVIDER_CODE}/wallet/${method}`;
    for (let attempt = 1; attempt <= RETRIES; attempt += 1) {
      const raw = JSON.stringify({ request_uuid: randomUUID(), timestamp: new Date().toISOString(), ...body });
      const signature = createHmac("sha256", this.options.secret).update(raw).digest("hex");
      try {
        const response = await this.fetcher(url, { method: "POST", headers: { "content-type": "application/json", "x-signature": signature }, body: raw });
        const text = await response.text();
        if (response.status === 200) {
          const answer = JSON.parse(text) as WalletAnswer;
          if (answer.status !== "INTERNAL_ERROR") return answer;
        }
      } catch {
        // Network failure or timeout: try again below.
      }
      if (attempt < RETRIES) await new Promise((resolve) => setTimeout(resolve, 100 * 2 ** attempt));
    }
    return { status: "UNREACHABLE", currency: null, balance: null, bonus_balance: null };
  }
}
