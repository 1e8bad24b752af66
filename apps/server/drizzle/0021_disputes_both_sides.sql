ALTER TYPE "public"."dispute_status" ADD VALUE 'withdrawn';--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "photos" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "reply" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "reply_photos" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "state_before" "settlement_state";--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "withdrawn_at" timestamp with time zone;--> statement-breakpoint
-- Disputes open now go back, if withdrawn, to where their settlement most likely was. 'withdrawn'
-- itself is not used here: a value added to an enum cannot be used in the same transaction.
UPDATE "disputes" d SET "state_before" = CASE
    WHEN s."settled_at" IS NOT NULL THEN 'settled'::"settlement_state"
    WHEN s."paid_at" IS NOT NULL THEN 'paid'::"settlement_state"
    ELSE 'open'::"settlement_state" END
  FROM "settlements" s
  WHERE s."id" = d."settlement_id" AND d."status" = 'open';
