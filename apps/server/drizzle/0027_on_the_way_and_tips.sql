ALTER TABLE "requests" ADD COLUMN "on_the_way_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "arrival_eta" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "tip" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_eta_pair" CHECK (("requests"."on_the_way_at" is null) = ("requests"."arrival_eta" is null));--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_tip_range" CHECK ("settlements"."tip" >= 0 and "settlements"."tip" <= 50000);