-- Bonus engine lifecycle (issue #17, ADR 031).
-- progress_milestone: the last wagering milestone (25, 50, 75) announced, so the sweeper sends each once.
-- finish_reason / finished_by: why and by whom (staff) a bonus ended early (cancel, withdrawal).
ALTER TABLE "customer_bonuses" ADD COLUMN "progress_milestone" smallint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "customer_bonuses" ADD COLUMN "finish_reason" varchar(200);
--> statement-breakpoint
ALTER TABLE "customer_bonuses" ADD COLUMN "finished_by" uuid;
--> statement-breakpoint
ALTER TABLE "customer_bonuses" ADD CONSTRAINT "customer_bonuses_progress_milestone_range" CHECK ("customer_bonuses"."progress_milestone" IN (0, 25, 50, 75));
--> statement-breakpoint
-- What the sweeper scans for due auto-activations.
CREATE INDEX "customer_bonuses_auto_activate_idx" ON "customer_bonuses" USING btree ("auto_activate_at") WHERE "customer_bonuses"."status" = 'offered' AND "customer_bonuses"."auto_activate_at" IS NOT NULL;
--> statement-breakpoint
-- What the late-money sweep scans: recently ended bonuses.
CREATE INDEX "customer_bonuses_finished_idx" ON "customer_bonuses" USING btree ("finished_at") WHERE "customer_bonuses"."finished_at" IS NOT NULL;
