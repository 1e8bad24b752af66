CREATE TYPE "public"."run_status" AS ENUM('open', 'accepted', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."trip_status" AS ENUM('open', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'trip';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'run';--> statement-breakpoint
CREATE TABLE "runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"starter_id" uuid NOT NULL,
	"deliverer_id" uuid,
	"pickup_from" text NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"total_fee" integer NOT NULL,
	"status" "run_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "runs_total_fee_positive" CHECK ("runs"."total_fee" >= 100),
	CONSTRAINT "runs_cutoff_before_deadline" CHECK ("runs"."cutoff_at" <= "runs"."deadline")
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"runner_id" uuid NOT NULL,
	"from" text NOT NULL,
	"arrive_at" timestamp with time zone NOT NULL,
	"cutoff_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"note" text,
	"status" "trip_status" DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "trips_capacity_range" CHECK ("trips"."capacity" between 1 and 10),
	CONSTRAINT "trips_cutoff_before_arrival" CHECK ("trips"."cutoff_at" < "trips"."arrive_at")
);
--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "trip_id" uuid;--> statement-breakpoint
ALTER TABLE "requests" ADD COLUMN "run_id" uuid;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_starter_id_users_id_fk" FOREIGN KEY ("starter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runs" ADD CONSTRAINT "runs_deliverer_id_users_id_fk" FOREIGN KEY ("deliverer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_runner_id_users_id_fk" FOREIGN KEY ("runner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "runs_open_cutoff_idx" ON "runs" USING btree ("cutoff_at","id") WHERE "runs"."status" = 'open';--> statement-breakpoint
CREATE INDEX "runs_deliverer_idx" ON "runs" USING btree ("deliverer_id","status");--> statement-breakpoint
CREATE INDEX "trips_open_cutoff_idx" ON "trips" USING btree ("cutoff_at","id") WHERE "trips"."status" = 'open';--> statement-breakpoint
CREATE INDEX "trips_runner_idx" ON "trips" USING btree ("runner_id","created_at");--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_run_id_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."runs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_trip_idx" ON "requests" USING btree ("trip_id") WHERE "requests"."trip_id" is not null;--> statement-breakpoint
CREATE INDEX "requests_run_idx" ON "requests" USING btree ("run_id") WHERE "requests"."run_id" is not null;