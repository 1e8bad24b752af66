CREATE TYPE "public"."dispute_outcome" AS ENUM('favour_payer', 'favour_payee', 'split', 'no_fault');--> statement-breakpoint
CREATE TYPE "public"."dispute_reason" AS ENUM('not_received', 'not_as_described', 'not_paid', 'damaged', 'other');--> statement-breakpoint
CREATE TYPE "public"."dispute_status" AS ENUM('open', 'resolved');--> statement-breakpoint
CREATE TYPE "public"."payment_method" AS ENUM('upi', 'cash');--> statement-breakpoint
CREATE TYPE "public"."settlement_kind" AS ENUM('request', 'sale');--> statement-breakpoint
CREATE TYPE "public"."settlement_state" AS ENUM('open', 'paid', 'settled', 'disputed');--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'settlement';--> statement-breakpoint
ALTER TYPE "public"."notification_type" ADD VALUE 'dispute';--> statement-breakpoint
ALTER TYPE "public"."moderation_action" ADD VALUE 'resolve_dispute';--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"target_type" "settlement_kind" NOT NULL,
	"target_id" uuid NOT NULL,
	"settlement_id" uuid,
	"opened_by" uuid NOT NULL,
	"reason" "dispute_reason" NOT NULL,
	"details" text NOT NULL,
	"status" "dispute_status" DEFAULT 'open' NOT NULL,
	"outcome" "dispute_outcome",
	"note" text,
	"resolved_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" "settlement_kind" NOT NULL,
	"request_id" uuid,
	"product_id" uuid,
	"title" text NOT NULL,
	"payer_id" uuid NOT NULL,
	"payee_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"state" "settlement_state" DEFAULT 'open' NOT NULL,
	"method" "payment_method",
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "settlements_amount_nonnegative" CHECK ("settlements"."amount" >= 0),
	CONSTRAINT "settlements_two_parties" CHECK ("settlements"."payer_id" <> "settlements"."payee_id")
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "upi_id" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_opened_by_users_id_fk" FOREIGN KEY ("opened_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_payer_id_users_id_fk" FOREIGN KEY ("payer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_payee_id_users_id_fk" FOREIGN KEY ("payee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "disputes_one_open_idx" ON "disputes" USING btree ("target_type","target_id") WHERE "disputes"."status" = 'open';--> statement-breakpoint
CREATE INDEX "disputes_status_created_idx" ON "disputes" USING btree ("status","created_at","id");--> statement-breakpoint
CREATE INDEX "disputes_settlement_idx" ON "disputes" USING btree ("settlement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_request_idx" ON "settlements" USING btree ("request_id") WHERE "settlements"."request_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_product_idx" ON "settlements" USING btree ("product_id") WHERE "settlements"."product_id" is not null;--> statement-breakpoint
CREATE INDEX "settlements_payer_idx" ON "settlements" USING btree ("payer_id","state","created_at");--> statement-breakpoint
CREATE INDEX "settlements_payee_idx" ON "settlements" USING btree ("payee_id","state","created_at");--> statement-breakpoint
CREATE INDEX "settlements_reminder_idx" ON "settlements" USING btree ("created_at") WHERE "settlements"."state" = 'open' and "settlements"."reminded_at" is null;