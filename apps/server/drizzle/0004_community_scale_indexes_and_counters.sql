DROP INDEX "follows_followee_idx";--> statement-breakpoint
DROP INDEX "messages_chat_created_idx";--> statement-breakpoint
DROP INDEX "notifications_recipient_created_idx";--> statement-breakpoint
DROP INDEX "post_comments_post_created_idx";--> statement-breakpoint
DROP INDEX "posts_user_created_idx";--> statement-breakpoint
DROP INDEX "posts_created_idx";--> statement-breakpoint
DROP INDEX "posts_video_created_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "likes_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "comments_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "followers_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "following_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "posts_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "follows_followee_created_idx" ON "follows" USING btree ("followee_id","created_at" DESC NULLS FIRST,"follower_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "follows_follower_created_idx" ON "follows" USING btree ("follower_id","created_at" DESC NULLS FIRST,"followee_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_likes_post_created_idx" ON "post_likes" USING btree ("post_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "messages_chat_created_idx" ON "messages" USING btree ("chat_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_recipient_created_idx" ON "notifications" USING btree ("recipient_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_comments_post_created_idx" ON "post_comments" USING btree ("post_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_user_created_idx" ON "posts" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_created_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "posts_video_created_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "posts"."media_type" = 'video';--> statement-breakpoint
-- Counts kept beside the rows they count, in the same transaction as the change (any path: the app,
-- a cascade, a bulk load), so no page recounts follows, likes or comments.
CREATE FUNCTION "flik_count_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "users" SET "following_count" = "following_count" + 1 WHERE "id" = NEW."follower_id";
    UPDATE "users" SET "followers_count" = "followers_count" + 1 WHERE "id" = NEW."followee_id";
  ELSE
    UPDATE "users" SET "following_count" = "following_count" - 1 WHERE "id" = OLD."follower_id";
    UPDATE "users" SET "followers_count" = "followers_count" - 1 WHERE "id" = OLD."followee_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "follows_count" AFTER INSERT OR DELETE ON "follows" FOR EACH ROW EXECUTE FUNCTION "flik_count_follow"();--> statement-breakpoint
CREATE FUNCTION "flik_count_post"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "users" SET "posts_count" = "posts_count" + 1 WHERE "id" = NEW."user_id";
  ELSE
    UPDATE "users" SET "posts_count" = "posts_count" - 1 WHERE "id" = OLD."user_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_count" AFTER INSERT OR DELETE ON "posts" FOR EACH ROW EXECUTE FUNCTION "flik_count_post"();--> statement-breakpoint
CREATE FUNCTION "flik_count_like"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "posts" SET "likes_count" = "likes_count" + 1 WHERE "id" = NEW."post_id";
  ELSE
    UPDATE "posts" SET "likes_count" = "likes_count" - 1 WHERE "id" = OLD."post_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "post_likes_count" AFTER INSERT OR DELETE ON "post_likes" FOR EACH ROW EXECUTE FUNCTION "flik_count_like"();--> statement-breakpoint
CREATE FUNCTION "flik_count_comment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "posts" SET "comments_count" = "comments_count" + 1 WHERE "id" = NEW."post_id";
  ELSE
    UPDATE "posts" SET "comments_count" = "comments_count" - 1 WHERE "id" = OLD."post_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "post_comments_count" AFTER INSERT OR DELETE ON "post_comments" FOR EACH ROW EXECUTE FUNCTION "flik_count_comment"();--> statement-breakpoint
-- Every counter recomputed from the rows, set-based: the backfill here, and after a bulk load that ran
-- with the triggers off (the seed).
CREATE FUNCTION "flik_recount_counters"() RETURNS void LANGUAGE sql AS $$
  WITH "followers" AS (SELECT "followee_id" AS "id", count(*) AS "n" FROM "follows" GROUP BY 1),
       "following" AS (SELECT "follower_id" AS "id", count(*) AS "n" FROM "follows" GROUP BY 1),
       "authored" AS (SELECT "user_id" AS "id", count(*) AS "n" FROM "posts" GROUP BY 1)
  UPDATE "users" SET
    "followers_count" = coalesce("followers"."n", 0),
    "following_count" = coalesce("following"."n", 0),
    "posts_count" = coalesce("authored"."n", 0)
  FROM "users" AS "member"
    LEFT JOIN "followers" ON "followers"."id" = "member"."id"
    LEFT JOIN "following" ON "following"."id" = "member"."id"
    LEFT JOIN "authored" ON "authored"."id" = "member"."id"
  WHERE "users"."id" = "member"."id";
  WITH "liked" AS (SELECT "post_id" AS "id", count(*) AS "n" FROM "post_likes" GROUP BY 1),
       "commented" AS (SELECT "post_id" AS "id", count(*) AS "n" FROM "post_comments" GROUP BY 1)
  UPDATE "posts" SET
    "likes_count" = coalesce("liked"."n", 0),
    "comments_count" = coalesce("commented"."n", 0)
  FROM "posts" AS "post"
    LEFT JOIN "liked" ON "liked"."id" = "post"."id"
    LEFT JOIN "commented" ON "commented"."id" = "post"."id"
  WHERE "posts"."id" = "post"."id";
$$;--> statement-breakpoint
SELECT "flik_recount_counters"();
