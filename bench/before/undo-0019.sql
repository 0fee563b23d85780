-- The inverse of migration 0019 (announcements for kept answers), run first.
DROP TRIGGER "posts_changed" ON "posts";
DROP FUNCTION "flik_announce_post_change"();
DROP TRIGGER "members_privacy_changed" ON "users";
DROP FUNCTION "flik_announce_privacy_change"();
DROP TRIGGER "members_blocked_changed" ON "blocks";
DROP FUNCTION "flik_announce_blocked_change"();
DROP TRIGGER "notifications_changed" ON "notifications";
DROP FUNCTION "flik_announce_notifications_change"();
DROP TRIGGER "chats_changed" ON "chats";
DROP TRIGGER "chat_members_changed" ON "chat_members";
DROP TRIGGER "messages_changed" ON "messages";
DROP FUNCTION "flik_announce_chat_change"();
DELETE FROM "drizzle"."__drizzle_migrations" WHERE "created_at" >= 1795573016834;
