-- Issue 20: kept media files are removed once nothing names them. `media_cleanup` lists files to check:
-- an upload is added (by the app) due a day later, and a URL a row lets go of is added here, due at
-- once, by the database itself: a post, story or highlight deleted (by an API call, a member's deletion
-- cascading, or a tool), a post's media changed, an avatar replaced. The media cleanup job removes the
-- due files no post, story, highlight or avatar names (the hash indexes answer that).
CREATE TABLE "media_cleanup" (
	"url" text PRIMARY KEY NOT NULL,
	"due_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "media_cleanup_due_idx" ON "media_cleanup" USING btree ("due_at");--> statement-breakpoint
CREATE INDEX "highlights_src_idx" ON "highlights" USING hash ("src");--> statement-breakpoint
CREATE INDEX "posts_image_idx" ON "posts" USING hash ("image");--> statement-breakpoint
CREATE INDEX "stories_media_url_idx" ON "stories" USING hash ("media_url");--> statement-breakpoint
CREATE INDEX "users_avatar_idx" ON "users" USING hash ("avatar") WHERE "users"."avatar" <> '';--> statement-breakpoint
CREATE FUNCTION "flik_release_media"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  released text := to_jsonb(OLD) ->> TG_ARGV[0];
BEGIN
  IF TG_OP = 'UPDATE' AND released IS NOT DISTINCT FROM to_jsonb(NEW) ->> TG_ARGV[0] THEN
    RETURN NULL;
  END IF;
  -- Only files this host keeps (`<uuid>.<ext>` under /media/); any other URL is another host's.
  IF released IS NULL OR length(released) > 512
     OR released !~ '/media/(image|video)/[0-9a-f-]{36}\.[a-z0-9]{2,4}$' THEN
    RETURN NULL;
  END IF;
  INSERT INTO "media_cleanup" ("url", "due_at") VALUES (released, now())
    -- Due now, even when it was listed already: a cleanup reading the old row meanwhile leaves this one.
    ON CONFLICT ("url") DO UPDATE SET "due_at" = excluded."due_at";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_media_released" AFTER DELETE OR UPDATE OF "image" ON "posts" FOR EACH ROW
  EXECUTE FUNCTION "flik_release_media"('image');--> statement-breakpoint
CREATE TRIGGER "stories_media_released" AFTER DELETE OR UPDATE OF "media_url" ON "stories" FOR EACH ROW
  EXECUTE FUNCTION "flik_release_media"('media_url');--> statement-breakpoint
CREATE TRIGGER "highlights_media_released" AFTER DELETE OR UPDATE OF "src" ON "highlights" FOR EACH ROW
  EXECUTE FUNCTION "flik_release_media"('src');--> statement-breakpoint
CREATE TRIGGER "avatars_released" AFTER DELETE OR UPDATE OF "avatar" ON "users" FOR EACH ROW
  EXECUTE FUNCTION "flik_release_media"('avatar');
