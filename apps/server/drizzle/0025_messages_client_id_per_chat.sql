-- A message's clientId (the sender's temporary id, which makes a retried send idempotent) is unique per
-- chat and sender, no longer per sender across all their chats: a client numbering its temporary ids per
-- chat is not refused. Every row kept is unique under the new index, which the old one implied.
DROP INDEX "messages_sender_client_id";--> statement-breakpoint
CREATE UNIQUE INDEX "messages_chat_sender_client_id" ON "messages" USING btree ("chat_id","sender_id","client_id");
