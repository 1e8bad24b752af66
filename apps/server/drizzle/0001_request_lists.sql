DROP INDEX "requests_requester_created_idx";--> statement-breakpoint
DROP INDEX "requests_available_idx";--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "requests"."item_name" || ' ' || "requests"."description")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "requests_requester_created_id_idx" ON "requests" USING btree ("requester_id","created_at","id");--> statement-breakpoint
CREATE INDEX "requests_deliverer_created_id_idx" ON "requests" USING btree ("deliverer_id","created_at","id");--> statement-breakpoint
CREATE INDEX "requests_pending_created_idx" ON "requests" USING btree ("created_at","id") WHERE "requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "requests_pending_price_idx" ON "requests" USING btree ("expected_price","created_at","id") WHERE "requests"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "requests_pending_search_idx" ON "requests" USING gin ("search_vector") WHERE "requests"."status" = 'pending';