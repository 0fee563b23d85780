-- Every foreign key has an index that leads with it, so that no cascade or "set null" reads a whole table:
-- a post's deletion took its notifications by a scan (13 ms a post at scale 0.1, growing with it), and a
-- deleted account its sent notifications, messages and the groups it made.
CREATE INDEX "chats_created_by_idx" ON "chats" USING btree ("created_by") WHERE "chats"."created_by" is not null;--> statement-breakpoint
CREATE INDEX "messages_sender_idx" ON "messages" USING btree ("sender_id");--> statement-breakpoint
CREATE INDEX "notifications_post_idx" ON "notifications" USING btree ("post_id") WHERE "notifications"."post_id" is not null;--> statement-breakpoint
CREATE INDEX "notifications_sender_idx" ON "notifications" USING btree ("sender_id");