ALTER TYPE "public"."settlement_state" ADD VALUE 'proposed' BEFORE 'open';--> statement-breakpoint
ALTER TYPE "public"."settlement_state" ADD VALUE 'void';--> statement-breakpoint
DROP INDEX "settlements_product_idx";--> statement-breakpoint
DROP INDEX "settlements_reminder_idx";--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "original_amount" integer;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "extra_claim" integer;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "settled_automatically" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "payee_reminded_at" timestamp with time zone;--> statement-breakpoint
-- Settlements opened before: what they owe now is taken as their original amount, and every one of
-- them was a debt from the moment it opened.
UPDATE "settlements" SET "original_amount" = "amount", "confirmed_at" = "created_at";--> statement-breakpoint
ALTER TABLE "settlements" ALTER COLUMN "original_amount" SET NOT NULL;--> statement-breakpoint
-- One dispute per party per settlement: a party's later disputes of the same settlement keep their
-- text but no longer point at it.
UPDATE "disputes" d SET "settlement_id" = NULL
  WHERE d."settlement_id" IS NOT NULL AND EXISTS (SELECT 1 FROM "disputes" e
    WHERE e."settlement_id" = d."settlement_id" AND e."opened_by" = d."opened_by"
      AND (e."created_at", e."id") < (d."created_at", d."id"));--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_one_per_party_idx" ON "disputes" USING btree ("settlement_id","opened_by") WHERE "disputes"."settlement_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_product_live_idx" ON "settlements" USING btree ("product_id") WHERE "settlements"."product_id" is not null and "settlements"."voided_at" is null and "settlements"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "settlements_reminder_idx" ON "settlements" USING btree ("confirmed_at") WHERE "settlements"."state" = 'open' and "settlements"."reminded_at" is null;