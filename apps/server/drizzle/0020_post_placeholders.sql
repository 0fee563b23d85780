-- Issue 20: a ThumbHash of a post's photo, made by the server from the file it keeps, so cards paint a
-- blurred preview before the photo loads. Posts made before stay without one (null).
ALTER TABLE "posts" ADD COLUMN "placeholder" text;