ALTER TABLE "wanted_posts" ADD COLUMN "photo_path" text;--> statement-breakpoint
ALTER TABLE "wanted_posts" ADD COLUMN "photo_thumb_path" text;--> statement-breakpoint
ALTER TABLE "wanted_posts" ADD CONSTRAINT "wanted_posts_photo_pair" CHECK (("wanted_posts"."photo_path" is null) = ("wanted_posts"."photo_thumb_path" is null));