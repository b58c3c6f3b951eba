import { z } from "zod";
import { PER_PAGE_MAX } from "../envelope.ts";

export const sessionLog = z
  .object({
    /** The session id: the `sid` claim of its tokens. */
    guid: z.uuid(),
    ip: z.string().nullable(),
    /** "desktop", "mobile", "tablet", … from the user agent. */
    device: z.string().nullable(),
    user_guid: z.uuid().nullable(),
    /** ISO 3166-1 alpha-2. */
    country: z.string().nullable(),
    time_zone: z.string().nullable(),
    /** From the window-size request header: "1920*1080". */
    window_size: z.string().nullable(),
    platform: z.string().nullable(),
    os_version: z.string().nullable(),
    os_name: z.string().nullable(),
    language: z.string().nullable(),
    browser_name: z.string().nullable(),
    browser_version: z.string().nullable(),
    created_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .describe("Session log");
export type SessionLog = z.infer<typeof sessionLog>;

/**
 * POST /session/update. Browsers send `{}`: their refresh token rides in the HttpOnly
 * __Host-refresh_token cookie (ADR 012). API clients without cookies send it here.
 */
export const sessionUpdateBody = z.object({ refresh_token: z.string().min(1).max(4096).optional() });

/** POST /sessions. A player always sees only their own sessions; staff may filter by user_email, user_guid and ip. */
export const sessionListBody = z.object({
  guid: z.uuid().optional(),
  user_email: z.string().trim().toLowerCase().max(254).optional(),
  user_guid: z.uuid().optional(),
  ip: z.string().max(45).optional(),
  created_from: z.iso.datetime({ offset: true }).optional(),
  created_to: z.iso.datetime({ offset: true }).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(PER_PAGE_MAX).default(20),
});
export type SessionListBody = z.infer<typeof sessionListBody>;
