import type { FastifyBaseLogger } from "fastify";
import { AppError } from "../../lib/app-error.ts";
import { maskPhone } from "./mask-phone.ts";
import type { SmsSender } from "./sms-sender.ts";

export type HttpSmsGatewayConfig = {
  url: string;
  token: string | undefined;
  timeout_ms: number;
  /** Attempts per message, the first included. */
  attempts: number;
  /** Wait before the n-th retry: n × this. */
  backoff_ms?: number;
};

const TEXT_MAX_CHARS = 1600;

/**
 * An SMS gateway reached over HTTP (ADR 025): POST {to, text} as JSON with the token as a Bearer
 * credential; any 2xx is sent. A network error, a timeout, a 429 or a 5xx is tried again, at most
 * `attempts` times in all; any other answer is final (the request itself is wrong). A message that
 * could not be sent throws SERVICE_UNAVAILABLE, so the caller says so instead of waiting for a code
 * that never comes. Logs never carry the number in full, nor the text (it holds the code).
 */
export function createHttpSmsGateway(config: HttpSmsGatewayConfig, log: FastifyBaseLogger): SmsSender {
  const backoff_ms = config.backoff_ms ?? 250;
  return {
    send: async (to, text) => {
      const masked = maskPhone(to);
      for (let attempt = 1; attempt <= config.attempts; attempt += 1) {
        const outcome = await postOnce(config, to, text.slice(0, TEXT_MAX_CHARS));
        if (outcome === "sent") return;
        if (outcome === "final") break;
        log.warn({ to: masked, attempt }, "SMS gateway did not take the message; trying again");
        if (attempt < config.attempts) await new Promise((resolve) => setTimeout(resolve, backoff_ms * attempt));
      }
      log.error({ to: masked }, "SMS not sent: the gateway refused or could not be reached");
      throw new AppError(
        "SERVICE_UNAVAILABLE",
        "We could not send the text message. Please try again in a few minutes.",
      );
    },
  };
}

async function postOnce(config: HttpSmsGatewayConfig, to: string, text: string): Promise<"sent" | "retry" | "final"> {
  try {
    const response = await fetch(config.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        ...(config.token ? { authorization: `Bearer ${config.token}` } : {}),
      },
      body: JSON.stringify({ to, text }),
      signal: AbortSignal.timeout(config.timeout_ms),
      redirect: "error",
    });
    // The body is not needed; read it so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    if (response.ok) return "sent";
    return response.status === 429 || response.status >= 500 ? "retry" : "final";
  } catch {
    return "retry";
  }
}
