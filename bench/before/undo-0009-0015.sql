-- The inverse of migrations 0009-0015 (media size, account security, notification mails, follow requests
-- and blocks, message requests, stories), run first: a database seeded by today's schema, back to 0008's.
-- Tables are dropped with their triggers and indexes.
DROP TABLE "story_views";
DROP TABLE "stories";
ALTER TABLE "users" DROP CONSTRAINT "users_messages_from";
ALTER TABLE "users" DROP COLUMN "messages_from";
ALTER TABLE "chat_members" DROP COLUMN "accepted_at";
DROP TABLE "blocks";
DROP TABLE "follow_requests";
DROP FUNCTION "flik_announce_block_change"();
DROP FUNCTION "flik_announce_follow_request_change"();
DROP INDEX "notifications_follow_request_once";
DELETE FROM "notifications" WHERE "type" in ('follow_request', 'follow_accepted');
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type";
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type" CHECK ("notifications"."type" in ('follow', 'like', 'comment', 'share'));
DROP TABLE "notification_mail_items";
DROP TABLE "notification_mails";
DROP INDEX "post_comments_user_created_idx";
DROP INDEX "post_likes_user_created_idx";
DROP TABLE "support_requests";
DROP TABLE "sign_in_throttles";
DROP TABLE "one_time_codes";
DROP INDEX "users_phone_unique";
ALTER TABLE "posts" DROP CONSTRAINT "posts_media_size";
ALTER TABLE "posts" DROP COLUMN "width";
ALTER TABLE "posts" DROP COLUMN "height";
DROP SCHEMA IF EXISTS "pgboss" CASCADE;
DELETE FROM "drizzle"."__drizzle_migrations" WHERE "created_at" >= 1795509863182;
