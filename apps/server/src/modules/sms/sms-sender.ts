import type { FastifyBaseLogger } from "fastify";
import type { Db } from "@croupier/db/create-database";
import { devOutbox } from "@croupier/db/schema/index";
import type { Env } from "../../env.ts";
import { createHttpSmsGateway } from "./http-sms-gateway.ts";

/** Sends one text message. Pluggable: a gateway implementation replaces the dev outbox in production. */
export type SmsSender = { send: (to: string, text: string) => Promise<void> };

/** The HTTP gateway when SMS_GATEWAY_URL is set (ADR 025); otherwise the dev outbox, and nothing in production. */
export function createSmsSender(env: Env, db: Db, log: FastifyBaseLogger): SmsSender {
  if (env.SMS_GATEWAY_URL)
    return createHttpSmsGateway(
      {
        url: env.SMS_GATEWAY_URL,
        token: env.SMS_GATEWAY_TOKEN,
        timeout_ms: env.SMS_GATEWAY_TIMEOUT_MS,
        attempts: env.SMS_GATEWAY_ATTEMPTS,
      },
      log,
    );
  if (env.NODE_ENV === "production") {
    return {
      send: async () => {
        log.warn("SMS not sent: no SMS gateway is configured");
      },
    };
  }
  return {
    send: async (to, text) => {
      await db.insert(devOutbox).values({ channel: "sms", recipient: to, subject: null, text });
    },
  };
}
