-- Issue 12: a post's newest likers and comments (every post read lists a few) are walked from their
-- index in its order and stop at the count asked. The planner estimates a post's likes from the average
-- post (about ten), so for a post with thousands it chose to read them all and sort (43 ms for a post
-- with 9,500 likes on the seeded community). With the listed columns in the index, the walk never
-- touches the table and is the cheapest plan for any post (0.5 ms for the same one). Comments carry
-- their commenter; their text is read by key for the few listed. Same names and keys as 0004's, so the
-- schema (drizzle) is unchanged; INCLUDE is declared only here.
DROP INDEX "post_likes_post_created_idx";--> statement-breakpoint
CREATE INDEX "post_likes_post_created_idx" ON "post_likes" USING btree ("post_id","created_at" DESC NULLS FIRST) INCLUDE ("user_id","emoji");--> statement-breakpoint
DROP INDEX "post_comments_post_created_idx";--> statement-breakpoint
CREATE INDEX "post_comments_post_created_idx" ON "post_comments" USING btree ("post_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("user_id");
--> statement-breakpoint
-- Nodes keep each post's newest likers and comments (posts.summaries-cache.ts): "post:<id>" is
-- announced on "flik_changes" whenever a like or comment of the post is made, changed or removed,
-- however it was (an API call on any node, a member deleted and their rows cascaded, a tool).
CREATE FUNCTION "flik_announce_post_summaries_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('flik_changes', 'post:' || OLD."post_id");
  ELSE
    PERFORM pg_notify('flik_changes', 'post:' || NEW."post_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "post_likes_changed" AFTER INSERT OR UPDATE OR DELETE ON "post_likes" FOR EACH ROW
  EXECUTE FUNCTION "flik_announce_post_summaries_change"();--> statement-breakpoint
CREATE TRIGGER "post_comments_changed" AFTER INSERT OR UPDATE OR DELETE ON "post_comments" FOR EACH ROW
  EXECUTE FUNCTION "flik_announce_post_summaries_change"();
