CREATE TABLE "follows" (
	"follower_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "follows_follower_id_seller_id_pk" PRIMARY KEY("follower_id","seller_id"),
	CONSTRAINT "follows_not_self" CHECK ("follows"."follower_id" <> "follows"."seller_id")
);
--> statement-breakpoint
DROP INDEX "products_listed_recent_idx";--> statement-breakpoint
DROP INDEX "products_listed_category_recent_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "listed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Listed products keep their place in "Newest"; their 30 days count from this release (the default).
UPDATE "products" SET "listed_at" = "created_at";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "bumped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '30 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "expiry_warned_for" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_follower_id_users_id_fk" FOREIGN KEY ("follower_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "follows" ADD CONSTRAINT "follows_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "follows_seller_idx" ON "follows" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "products_expiry_idx" ON "products" USING btree ("expires_at") WHERE status <> 'sold';--> statement-breakpoint
CREATE INDEX "products_listed_recent_idx" ON "products" USING btree ("listed_at","id") WHERE status <> 'sold';--> statement-breakpoint
CREATE INDEX "products_listed_category_recent_idx" ON "products" USING btree ("category","listed_at","id") WHERE status <> 'sold';