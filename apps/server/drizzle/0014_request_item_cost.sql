ALTER TABLE "requests" ADD COLUMN "item_cost" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "actual_item_cost" integer;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "pickup_from" text;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_item_cost_positive" CHECK ("requests"."item_cost" >= 100);--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_actual_item_cost_positive" CHECK ("requests"."actual_item_cost" >= 100);