-- When a running campaign ended (issue #18 follow-up, ADR 035): the cashback of its last period is paid
-- up to this instant. Set when an active or paused campaign ends (staff, or the sweeper at its end date);
-- NULL for campaigns ended before this migration and for those ended before they ever ran.
ALTER TABLE "bonus_campaigns" ADD COLUMN "ended_at" timestamp with time zone;
