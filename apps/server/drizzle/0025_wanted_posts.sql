ALTER TYPE "public"."notification_type" ADD VALUE 'wanted';--> statement-breakpoint
CREATE TABLE "wanted_hits" (
	"wanted_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wanted_hits_wanted_id_product_id_pk" PRIMARY KEY("wanted_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "wanted_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"details" text,
	"category" "product_category" NOT NULL,
	"max_price" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"match_query" text,
	"expires_at" timestamp with time zone DEFAULT now() + interval '14 days' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "wanted_posts"."title" || ' ' || coalesce("wanted_posts"."details", ''))) STORED NOT NULL,
	CONSTRAINT "wanted_posts_status" CHECK ("wanted_posts"."status" in ('open', 'closed')),
	CONSTRAINT "wanted_posts_price_positive" CHECK ("wanted_posts"."max_price" > 0)
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email_preferences" SET DEFAULT '{"messages":true,"requests":true,"searches":false}'::jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "wanted_post_id" uuid;--> statement-breakpoint
ALTER TABLE "wanted_hits" ADD CONSTRAINT "wanted_hits_wanted_id_wanted_posts_id_fk" FOREIGN KEY ("wanted_id") REFERENCES "public"."wanted_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_hits" ADD CONSTRAINT "wanted_hits_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wanted_posts" ADD CONSTRAINT "wanted_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "wanted_posts_open_idx" ON "wanted_posts" USING btree ("created_at","id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "wanted_posts_matching_idx" ON "wanted_posts" USING btree ("category","expires_at") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "wanted_posts_user_idx" ON "wanted_posts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wanted_posts_search_idx" ON "wanted_posts" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_wanted_post_id_wanted_posts_id_fk" FOREIGN KEY ("wanted_post_id") REFERENCES "public"."wanted_posts"("id") ON DELETE set null ON UPDATE no action;