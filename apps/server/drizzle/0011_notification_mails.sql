-- Notification e-mails (issue 15): what a member missed while offline waits for their next digest (at most one
-- mail an hour); likes and comments indexed by their member, for the data download (and account deletion).
CREATE TABLE "notification_mail_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" uuid NOT NULL,
	"chat_id" uuid,
	"first_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"last_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notification_mail_items_kind" CHECK (("notification_mail_items"."kind" = 'follow' and "notification_mail_items"."chat_id" is null) or ("notification_mail_items"."kind" = 'message' and "notification_mail_items"."chat_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "notification_mails" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"last_sent_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notification_mail_items" ADD CONSTRAINT "notification_mail_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mail_items" ADD CONSTRAINT "notification_mail_items_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mail_items" ADD CONSTRAINT "notification_mail_items_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notification_mails" ADD CONSTRAINT "notification_mails_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_mail_items_follow" ON "notification_mail_items" USING btree ("user_id","actor_id") WHERE "notification_mail_items"."kind" = 'follow';--> statement-breakpoint
CREATE UNIQUE INDEX "notification_mail_items_message" ON "notification_mail_items" USING btree ("user_id","chat_id","actor_id") WHERE "notification_mail_items"."kind" = 'message';--> statement-breakpoint
CREATE INDEX "post_comments_user_created_idx" ON "post_comments" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_likes_user_created_idx" ON "post_likes" USING btree ("user_id","created_at" DESC NULLS FIRST,"post_id" DESC NULLS FIRST);