CREATE TABLE "pending_registrations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"name" text NOT NULL,
	"role" "user_role" NOT NULL,
	"phone_number" text NOT NULL,
	"hostel_block" text,
	"room_number" text,
	"code_hash" text,
	"code_attempts" integer DEFAULT 0 NOT NULL,
	"code_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pending_registrations_email_idx" ON "pending_registrations" USING btree ("email","created_at");--> statement-breakpoint
-- Unverified accounts become pending registrations with the same id (the id their client holds as
-- userId) and their live code; nothing was activated for them, so the account rows go.
INSERT INTO "pending_registrations" ("id", "email", "password_hash", "name", "role", "phone_number", "hostel_block", "room_number", "code_hash", "code_attempts", "code_expires_at")
SELECT u."id", lower(u."email"), u."password_hash", u."name", u."role", u."phone_number", u."hostel_block", u."room_number", c."code_hash", c."attempts", c."expires_at"
FROM "users" u LEFT JOIN "email_codes" c ON c."user_id" = u."id" AND c."purpose" = 'verify_email'
WHERE NOT u."is_verified" AND u."password_hash" IS NOT NULL AND u."role" IS NOT NULL AND u."phone_number" IS NOT NULL;--> statement-breakpoint
DELETE FROM "users" WHERE NOT "is_verified";--> statement-breakpoint
DROP TABLE "email_codes" CASCADE;--> statement-breakpoint
DROP TYPE "public"."otp_purpose";
