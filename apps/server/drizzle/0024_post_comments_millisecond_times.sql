-- A post's comments are paged by cursor (GET /posts/{id}/comments): like every paged list's, their time
-- is kept to the millisecond that a cursor (a JavaScript Date) carries, so that a page starting past one
-- never skips one written in the same millisecond as the comment it starts past. Times kept are rounded.
ALTER TABLE "post_comments" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "post_comments" ALTER COLUMN "created_at" SET DEFAULT now();