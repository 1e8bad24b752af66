ALTER TABLE "requests" ADD COLUMN "picked_up_at" timestamp with time zone;--> statement-breakpoint
-- Requests completed before this column existed were completed under the old rule; they keep their
-- ratings and disputes, as if their deliverer had acted at completion.
UPDATE "requests" SET "picked_up_at" = "completed_at" WHERE "status" = 'completed';
