-- The inverse of migration 0018 (post summaries), run first: the indexes of 0004, no announcements.
DROP TRIGGER "post_likes_changed" ON "post_likes";
DROP TRIGGER "post_comments_changed" ON "post_comments";
DROP FUNCTION "flik_announce_post_summaries_change"();
DROP INDEX "post_likes_post_created_idx";
CREATE INDEX "post_likes_post_created_idx" ON "post_likes" USING btree ("post_id","created_at" DESC NULLS FIRST);
DROP INDEX "post_comments_post_created_idx";
CREATE INDEX "post_comments_post_created_idx" ON "post_comments" USING btree ("post_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
DELETE FROM "drizzle"."__drizzle_migrations" WHERE "created_at" >= 1795561019056;
