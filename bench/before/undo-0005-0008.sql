-- The inverse of migrations 0005-0008 (feed index with its author, unread count column, change
-- announcements), run before undo-0004.sql: a database seeded by today's schema, back to 0004's.
DROP TRIGGER "accounts_changed" ON "users";
DROP FUNCTION "flik_announce_account_change"();
DROP TRIGGER "members_deleted" ON "users";
DROP TRIGGER "members_renamed" ON "users";
DROP FUNCTION "flik_announce_member_change"();
DROP TRIGGER "sessions_deleted" ON "sessions";
DROP TRIGGER "sessions_changed" ON "sessions";
DROP FUNCTION "flik_announce_session_change"();
DROP TRIGGER "notifications_unread_changed" ON "notifications";
DROP TRIGGER "notifications_unread_removed" ON "notifications";
DROP TRIGGER "notifications_unread_added" ON "notifications";
DROP FUNCTION "flik_count_unread_changed"();
DROP FUNCTION "flik_count_unread_removed"();
DROP FUNCTION "flik_count_unread_added"();
ALTER TABLE "users" DROP COLUMN "unread_notifications_count";
-- 0006 replaced the recount function; undo-0004.sql drops it whatever its body.
DROP INDEX "posts_created_idx";
CREATE INDEX "posts_created_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);
DELETE FROM "drizzle"."__drizzle_migrations" WHERE "created_at" >= 1795486755239;
