-- The inverse of apps/server/drizzle/0004_community_scale_indexes_and_counters.sql: the schema of
-- migrations 0000-0003, which the code before issue 12 (843e8aa) expects, with the seeded rows kept.
DROP TRIGGER "follows_count" ON "follows";
DROP TRIGGER "posts_count" ON "posts";
DROP TRIGGER "post_likes_count" ON "post_likes";
DROP TRIGGER "post_comments_count" ON "post_comments";
DROP FUNCTION "flik_count_follow"();
DROP FUNCTION "flik_count_post"();
DROP FUNCTION "flik_count_like"();
DROP FUNCTION "flik_count_comment"();
DROP FUNCTION "flik_recount_counters"();
DROP INDEX "follows_followee_created_idx";
DROP INDEX "follows_follower_created_idx";
DROP INDEX "post_likes_post_created_idx";
DROP INDEX "messages_chat_created_idx";
DROP INDEX "notifications_recipient_created_idx";
DROP INDEX "post_comments_post_created_idx";
DROP INDEX "posts_user_created_idx";
DROP INDEX "posts_created_idx";
DROP INDEX "posts_video_created_idx";
ALTER TABLE "posts" DROP COLUMN "likes_count";
ALTER TABLE "posts" DROP COLUMN "comments_count";
ALTER TABLE "users" DROP COLUMN "followers_count";
ALTER TABLE "users" DROP COLUMN "following_count";
ALTER TABLE "users" DROP COLUMN "posts_count";
-- As 0001 and 0003 created them.
CREATE INDEX "follows_followee_idx" ON "follows" USING btree ("followee_id");
CREATE INDEX "post_comments_post_created_idx" ON "post_comments" USING btree ("post_id","created_at" DESC NULLS LAST);
CREATE INDEX "posts_user_created_idx" ON "posts" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
CREATE INDEX "posts_created_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
CREATE INDEX "messages_chat_created_idx" ON "messages" USING btree ("chat_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
CREATE INDEX "notifications_recipient_created_idx" ON "notifications" USING btree ("recipient_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
CREATE INDEX "posts_video_created_idx" ON "posts" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."media_type" = 'video';
-- Drizzle applies what is newer than the last row here: without 0004's row, a newer build would redo it.
DELETE FROM "drizzle"."__drizzle_migrations" WHERE "created_at" = 1795485429395;
