-- Issue 16 item 6: who may message a member, and message requests.
--
-- users.messages_from: 'everyone' (the default: a chat started by someone the member does not follow
-- waits in their requests) or 'following' (only members they follow may start one).
-- chat_members.accepted_at: when the member accepted the chat; null while it is a request. Chats that
-- exist already were accepted by everyone in them (they chatted before requests existed).
ALTER TABLE "chat_members" ADD COLUMN "accepted_at" timestamp (3) with time zone;--> statement-breakpoint
UPDATE "chat_members" SET "accepted_at" = "joined_at";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "messages_from" text DEFAULT 'everyone' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_messages_from" CHECK ("users"."messages_from" in ('everyone', 'following'));
