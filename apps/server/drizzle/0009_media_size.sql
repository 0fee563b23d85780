-- Each post keeps its media's size, so clients draw a frame of its shape before the media loads. Posts
-- made before have none (null): clients show those in a 4:5 frame, as every post was before.
ALTER TABLE "posts" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_media_size" CHECK (("posts"."width" is null and "posts"."height" is null) or ("posts"."width" > 0 and "posts"."height" > 0));