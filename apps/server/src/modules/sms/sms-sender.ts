import type { FastifyBaseLogger } from "fastify";
import type { Db } from "@croupier/db/create-database";
import { devOutbox } from "@croupier/db/schema/index";
import type { Env } from "../../env.ts";

/** Sends one text message. Pluggable: a gateway implementation replaces the dev outbox in production. */
export type SmsSender = { send: (to: string, text: string) => Promise<void> };

export function createSmsSender(env: Env, db: Db, log: FastifyBaseLogger): SmsSender {
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
