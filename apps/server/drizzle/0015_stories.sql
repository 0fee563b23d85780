-- Stories (issue 17): an image or video that lives 24 hours in the strips of its author's followers, then
-- only in the author's archive.
--
-- stories.viewers_count: members other than the owner who opened it, raised by the statement that stores a
-- new story_views row (a repeated view stores nothing and raises nothing). stories.expired_at: set by the
-- periodic expiry job once the 24 hours are over; reads ask created_at against the clock and never wait for
-- it, but the strip's partial index holds only unmarked stories, so it stays a day's size.
-- story_views: one row per story and viewer (the primary key makes viewing idempotent); rows of stories long
-- expired are deleted by the same job (the count stays).
CREATE TABLE "stories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"media_type" text NOT NULL,
	"media_url" text NOT NULL,
	"viewers_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expired_at" timestamp (3) with time zone,
	CONSTRAINT "stories_media_type" CHECK ("stories"."media_type" in ('image', 'video')),
	CONSTRAINT "stories_viewers_count" CHECK ("stories"."viewers_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "story_views" (
	"story_id" uuid NOT NULL,
	"viewer_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "story_views_story_id_viewer_id_pk" PRIMARY KEY("story_id","viewer_id")
);
--> statement-breakpoint
ALTER TABLE "stories" ADD CONSTRAINT "stories_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_views" ADD CONSTRAINT "story_views_story_id_stories_id_fk" FOREIGN KEY ("story_id") REFERENCES "public"."stories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "story_views" ADD CONSTRAINT "story_views_viewer_id_users_id_fk" FOREIGN KEY ("viewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stories_live_user_created_idx" ON "stories" USING btree ("user_id","created_at","id") WHERE "stories"."expired_at" is null;--> statement-breakpoint
CREATE INDEX "stories_user_created_idx" ON "stories" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "story_views_story_created_idx" ON "story_views" USING btree ("story_id","created_at" DESC NULLS FIRST,"viewer_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "story_views_viewer_idx" ON "story_views" USING btree ("viewer_id");--> statement-breakpoint
CREATE INDEX "story_views_created_idx" ON "story_views" USING btree ("created_at");