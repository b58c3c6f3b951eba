import type { DatabaseHandle, Db } from "@croupier/db/create-database";
import type { Env } from "../../env.ts";
import type { Mailer } from "../mail/mailer.ts";
import type { SmsSender } from "../sms/sms-sender.ts";
import type { CaptchaVerifier } from "./authorization/captcha.ts";
import type { OidcRegistry } from "./oidc/oidc-registry.ts";

/** What the identity routes need, built once per app (identity-routes.ts). */
export type IdentityServices = {
  env: Env;
  database: DatabaseHandle;
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  captcha: CaptchaVerifier;
  oidc: OidcRegistry;
};
