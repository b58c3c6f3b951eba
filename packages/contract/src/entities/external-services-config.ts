import { z } from "zod";

const scriptUrl = z.url().max(2048).describe("Where the web app loads the service's script from");

/**
 * The third-party services the player app may load (issue #19), resolved by the server from the
 * project's settings (ga, hotjar, livechat) and its environment (engagement, pixel). A missing key
 * means the service is off; the web app loads none of them before the player's consent.
 */
export const externalServicesConfig = z
  .object({
    ga: z.object({ id: z.string().max(64), script_url: scriptUrl }).optional(),
    hotjar: z.object({ id: z.string().max(64), script_url: scriptUrl }).optional(),
    livechat: z.object({ user_id: z.string().max(64), script_url: scriptUrl }).optional(),
    engagement: z.object({ key: z.string().max(128), script_url: scriptUrl }).optional(),
    pixel: z.object({ id: z.string().max(64), script_url: scriptUrl }).optional(),
  })
  .describe("Third-party services of the player app and where their scripts come from");
export type ExternalServicesConfig = z.infer<typeof externalServicesConfig>;

// In a zod-free module, so the web app's consent code does not pull zod into the first load.
export { SERVICE_CONSENT } from "../service-consent.ts";
import type { ExternalServiceName } from "../service-consent.ts";

// The zod-free service names (service-consent.ts) must stay exactly this schema's keys.
type AssertTrue<T extends true> = T;
export type ServiceNamesMatchSchema = AssertTrue<
  [ExternalServiceName] extends [keyof ExternalServicesConfig]
    ? [keyof ExternalServicesConfig] extends [ExternalServiceName]
      ? true
      : false
    : false
>;
