ALTER TYPE "public"."notification_type" ADD VALUE 'lost_found';--> statement-breakpoint
ALTER TYPE "public"."report_target_type" ADD VALUE 'lost_found_post';--> statement-breakpoint
CREATE TABLE "lost_found_claims" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"post_id" uuid NOT NULL,
	"claimant_id" uuid NOT NULL,
	"answer" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"moderation" "listing_moderation" DEFAULT 'visible' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "lost_found_claims_status" CHECK ("lost_found_claims"."status" in ('open', 'accepted', 'withdrawn', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "lost_found_matches" (
	"lost_id" uuid NOT NULL,
	"found_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lost_found_matches_lost_id_found_id_pk" PRIMARY KEY("lost_id","found_id")
);
--> statement-breakpoint
CREATE TABLE "lost_found_posts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"category" "product_category" NOT NULL,
	"place" text NOT NULL,
	"happened_at" timestamp with time zone NOT NULL,
	"details" text,
	"question" text,
	"answer" text,
	"status" text DEFAULT 'open' NOT NULL,
	"resolved_at" timestamp with time zone,
	"moderation" "listing_moderation" DEFAULT 'visible' NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"match_query" text,
	"expires_at" timestamp with time zone DEFAULT now() + interval '30 days' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, "lost_found_posts"."title" || ' ' || coalesce("lost_found_posts"."details", ''))) STORED NOT NULL,
	CONSTRAINT "lost_found_posts_kind" CHECK ("lost_found_posts"."kind" in ('lost', 'found')),
	CONSTRAINT "lost_found_posts_status" CHECK ("lost_found_posts"."status" in ('open', 'resolved')),
	CONSTRAINT "lost_found_posts_found_question" CHECK (("lost_found_posts"."kind" = 'found') = ("lost_found_posts"."question" is not null and "lost_found_posts"."answer" is not null))
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "lost_found_post_id" uuid;--> statement-breakpoint
ALTER TABLE "lost_found_claims" ADD CONSTRAINT "lost_found_claims_post_id_lost_found_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."lost_found_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_found_claims" ADD CONSTRAINT "lost_found_claims_claimant_id_users_id_fk" FOREIGN KEY ("claimant_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_found_matches" ADD CONSTRAINT "lost_found_matches_lost_id_lost_found_posts_id_fk" FOREIGN KEY ("lost_id") REFERENCES "public"."lost_found_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_found_matches" ADD CONSTRAINT "lost_found_matches_found_id_lost_found_posts_id_fk" FOREIGN KEY ("found_id") REFERENCES "public"."lost_found_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lost_found_posts" ADD CONSTRAINT "lost_found_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lost_found_claims_once" ON "lost_found_claims" USING btree ("post_id","claimant_id");--> statement-breakpoint
CREATE INDEX "lost_found_claims_claimant_idx" ON "lost_found_claims" USING btree ("claimant_id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "lost_found_posts_open_idx" ON "lost_found_posts" USING btree ("created_at","id") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "lost_found_posts_matching_idx" ON "lost_found_posts" USING btree ("kind","category","created_at") WHERE status = 'open';--> statement-breakpoint
CREATE INDEX "lost_found_posts_user_idx" ON "lost_found_posts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "lost_found_posts_search_idx" ON "lost_found_posts" USING gin ("search_vector");--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_lost_found_post_id_lost_found_posts_id_fk" FOREIGN KEY ("lost_found_post_id") REFERENCES "public"."lost_found_posts"("id") ON DELETE set null ON UPDATE no action;