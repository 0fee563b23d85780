ALTER TABLE "notifications" ADD COLUMN "comment_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_comment_id_post_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."post_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_comment_idx" ON "notifications" USING btree ("comment_id") WHERE "notifications"."comment_id" is not null;--> statement-breakpoint
-- The comment notifications made before: each tied to the comment it tells of (the sender's comment on
-- that post with those words, the nearest in time), so deleting one takes its notification along too.
UPDATE "notifications" AS n SET "comment_id" = (
  SELECT c."id" FROM "post_comments" c
  WHERE c."post_id" = n."post_id" AND c."user_id" = n."sender_id" AND c."text" = n."comment"
  ORDER BY abs(extract(epoch FROM c."created_at" - n."created_at"))
  LIMIT 1
)
WHERE n."type" = 'comment' AND n."comment_id" IS NULL AND n."post_id" IS NOT NULL AND n."sender_id" IS NOT NULL;
