ALTER TYPE "public"."product_category" ADD VALUE 'cycles' BEFORE 'other';--> statement-breakpoint
ALTER TYPE "public"."product_category" ADD VALUE 'stationery' BEFORE 'other';--> statement-breakpoint
ALTER TYPE "public"."product_category" ADD VALUE 'room-essentials' BEFORE 'other';