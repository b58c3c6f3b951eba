import { z } from "zod";

// Segments in the back office (issue #18, ADR 033), under /api/backoffice/v1. Permission
// "bonuses.manage" for every call (marketing and admin); every change is audited.
// A segment's rules are AND-ed; a segment with no rules is manual only. Memberships record their
// source: 'rule' (added and removed by rule evaluation) or 'manual' (staff; a rule never removes it).
//
// Routes:
//   GET    /segments                                 segmentsQuery → listEnvelope(segmentRow)
//   POST   /segments                                 segmentInput → segmentRow
//   GET    /segments/:guid                           → segmentRow
//   PUT    /segments/:guid                           segmentInput → segmentRow (rules re-evaluated for every player by the sweep)
//   DELETE /segments/:guid                           → { guid } (409 while a campaign's current version targets it)
//   POST   /segments/preview                         segmentPreviewInput → segmentPreview (how many players the rules match now)
//   GET    /segments/:guid/members                   membersQuery → listEnvelope(segmentMember)
//   PUT    /segments/:guid/members/:player_guid      → segmentMember (manual assignment)
//   DELETE /segments/:guid/members/:player_guid      → { removed } (manual removal; a matching rule adds the player back)
//   GET    /payment-segments                         → paymentSegmentOption[] (the link picker)
//   GET    /players/:id/segments                     → playerSegments (memberships and tags)
//   PUT    /players/:id/tags/:tag                    → playerSegments (segments re-evaluated)
//   DELETE /players/:id/tags/:tag                    → playerSegments (segments re-evaluated)

export const SEGMENTS_PER_PAGE_MAX = 100;
export const SEGMENT_MEMBERS_PER_PAGE_MAX = 100;
export const SEGMENT_NAME_MAX = 100;
export const SEGMENT_RULES_MAX = 20;
export const SEGMENT_COUNTRIES_MAX = 250;
export const SEGMENT_DATA_MAX_CHARS = 4_000;
export const PLAYER_TAGS_MAX = 50;
export const SEGMENT_DAYS_MAX = 36_500;
export const SEGMENT_COUNT_MAX = 1_000_000;
export const SEGMENT_LEVEL_MAX = 1_000;
/** Fetch interval bounds, in seconds (the seed entity's field; the client's refetch period). */
export const SEGMENT_FETCH_INTERVAL_MAX = 86_400;

const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .max(8)
    .refine(
      (v) => /^\d+$/.test(v) && Number(v) >= min && Number(v) <= max,
      `must be a whole number from ${min} to ${max}`,
    );

/** A staff tag: lower-case letters, digits, '-' and '_', 1 to 40 characters. */
export const playerTag = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9_-]{0,39}$/, "must be 1 to 40 lower-case letters, digits, '-' or '_'");

/** A decimal string (USD): never a JS number. */
const usdAmount = z.string().regex(/^\d{1,15}(\.\d{1,2})?$/, "must be a decimal amount with up to 2 decimals");

export const segmentRule = z.discriminatedUnion("kind", [
  /** The player's country is one of these (ISO 3166-1 alpha-2, any case). */
  z
    .object({
      kind: z.literal("country"),
      countries: z
        .array(
          z
            .string()
            .regex(/^[A-Za-z]{2}$/, "must be a two-letter country code")
            .toLowerCase(),
        )
        .min(1)
        .max(SEGMENT_COUNTRIES_MAX),
    })
    .strict(),
  /** At least `min` successful deposits. */
  z.object({ kind: z.literal("deposits_count"), min: z.number().int().min(1).max(SEGMENT_COUNT_MAX) }).strict(),
  /** Successful deposits worth at least `min` USD (each at the stored rate of its currency; no rate: not counted). */
  z.object({ kind: z.literal("deposits_sum_usd"), min: usdAmount }).strict(),
  /** Loyalty level at least `min` (no level yet = 0). */
  z.object({ kind: z.literal("loyalty_level"), min: z.number().int().min(1).max(SEGMENT_LEVEL_MAX) }).strict(),
  /** Whole days since registration: at least (gte) or at most (lte) `days`. */
  z
    .object({
      kind: z.literal("registered_days"),
      op: z.enum(["gte", "lte"]),
      days: z.number().int().min(0).max(SEGMENT_DAYS_MAX),
    })
    .strict(),
  /** The player's identity is (or is not) verified. */
  z.object({ kind: z.literal("verified"), value: z.boolean() }).strict(),
  /** Staff set this tag on the player. */
  z.object({ kind: z.literal("tag"), tag: playerTag }).strict(),
]);
export type SegmentRule = z.infer<typeof segmentRule>;
export const segmentRules = z.array(segmentRule).max(SEGMENT_RULES_MAX);

/** Free-form segment data the client reads (e.g. mining_multiplier, a number, default 1). */
export const segmentData = z
  .record(z.string().max(64), z.unknown())
  .refine(
    (v) => JSON.stringify(v).length <= SEGMENT_DATA_MAX_CHARS,
    `must be at most ${SEGMENT_DATA_MAX_CHARS} characters as JSON`,
  )
  .refine(
    (v) =>
      v.mining_multiplier === undefined ||
      (typeof v.mining_multiplier === "number" && v.mining_multiplier >= 0 && v.mining_multiplier <= 100),
    "mining_multiplier must be a number from 0 to 100",
  );

export const segmentInput = z
  .object({
    name: z.string().trim().min(1).max(SEGMENT_NAME_MAX),
    group_name: z.string().trim().min(1).max(SEGMENT_NAME_MAX),
    fetch_interval: z.number().int().min(0).max(SEGMENT_FETCH_INTERVAL_MAX).default(0),
    data: segmentData.default({}),
    /** Default segments apply to players who have none of their own (GET /segments). */
    is_default: z.boolean().default(false),
    rules: segmentRules.default([]),
    /** The payment segment its members get (their billing segments), or null. */
    payment_segment_guid: z.uuid().nullable().default(null),
  })
  .strict();
export type SegmentInput = z.infer<typeof segmentInput>;

export const segmentRow = z.object({
  guid: z.uuid(),
  name: z.string(),
  group_name: z.string(),
  fetch_interval: z.number().int(),
  data: z.record(z.string(), z.unknown()),
  is_default: z.boolean(),
  rules: z.array(segmentRule),
  payment_segment_guid: z.uuid().nullable(),
  payment_segment_name: z.string().nullable(),
  rule_members: z.number().int(),
  manual_members: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type SegmentRow = z.infer<typeof segmentRow>;

export const segmentsQuery = z
  .object({
    /** Case-insensitive part of the name or group. */
    name: z.string().trim().max(SEGMENT_NAME_MAX).optional(),
    page: wholeNumber(1, 100_000).optional(),
    per_page: wholeNumber(1, SEGMENTS_PER_PAGE_MAX).optional().describe("Default 25"),
  })
  .strict();
export type SegmentsQuery = z.infer<typeof segmentsQuery>;

export const segmentParams = z.object({ guid: z.uuid() }).strict();
export const segmentMemberParams = z.object({ guid: z.uuid(), player_guid: z.uuid() }).strict();
export const playerParams = z.object({ id: z.uuid() }).strict();
export const playerTagParams = z.object({ id: z.uuid(), tag: playerTag }).strict();

export const segmentPreviewInput = z.object({ rules: segmentRules.min(1) }).strict();
export const segmentPreview = z.object({ players: z.number().int() });
export type SegmentPreview = z.infer<typeof segmentPreview>;

export const membershipSource = z.enum(["rule", "manual"]);

export const membersQuery = z
  .object({
    source: membershipSource.optional(),
    page: wholeNumber(1, 100_000).optional(),
    per_page: wholeNumber(1, SEGMENT_MEMBERS_PER_PAGE_MAX).optional().describe("Default 25"),
  })
  .strict();
export type MembersQuery = z.infer<typeof membersQuery>;

export const segmentMember = z.object({
  player_guid: z.uuid(),
  email: z.string(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  source: membershipSource,
  created_at: z.string(),
});
export type SegmentMember = z.infer<typeof segmentMember>;

export const memberRemoval = z.object({ removed: z.boolean() });

export const paymentSegmentOption = z.object({ guid: z.uuid(), code: z.string(), name: z.string() });
export type PaymentSegmentOption = z.infer<typeof paymentSegmentOption>;

export const playerSegments = z.object({
  segments: z.array(
    z.object({
      guid: z.uuid(),
      name: z.string(),
      group_name: z.string(),
      source: membershipSource,
      created_at: z.string(),
    }),
  ),
  tags: z.array(z.object({ tag: z.string(), created_at: z.string() })),
});
export type PlayerSegments = z.infer<typeof playerSegments>;
