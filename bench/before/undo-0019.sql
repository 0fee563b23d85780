-- The inverse of migration 0019 (post announcements), run first: posts announce nothing.
DROP TRIGGER "posts_changed" ON "posts";
DROP FUNCTION "flik_announce_post_change"();
DROP TRIGGER "members_privacy_changed" ON "users";
DROP FUNCTION "flik_announce_privacy_change"();
DELETE FROM "drizzle"."__drizzle_migrations" WHERE "created_at" >= 1795573016834;
