import { parsePromoPopupsConfig, type PromoPopupsConfig } from "./promo-popups-config";

let cached: PromoPopupsConfig | undefined;

/** For the root loader: the process's environment, read once (it does not change while the server runs). */
export function promoPopupsConfig(env: Record<string, string | undefined> = process.env): PromoPopupsConfig {
  if (env !== process.env) return parsePromoPopupsConfig(env);
  cached ??= parsePromoPopupsConfig(env);
  return cached;
}
