-- Issue 12: nodes keep whole pages of posts as their viewers saw them (features/posts/posts.pages.ts),
-- forgotten when anything a page shows changes. Beside likes and comments (migration 0018) that is the
-- post itself and its author's new posts: "post:<id>" is announced on "flik_changes" when a post is
-- changed (caption, tags, shares) or deleted, and "author:<member id>" when a member makes a post,
-- however it happened (an API call on any node, a member deleted and their rows cascaded, a tool).
CREATE FUNCTION "flik_announce_post_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('flik_changes', 'author:' || NEW."user_id");
  ELSE
    PERFORM pg_notify('flik_changes', 'post:' || OLD."id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_changed" AFTER INSERT OR UPDATE OR DELETE ON "posts" FOR EACH ROW
  EXECUTE FUNCTION "flik_announce_post_change"();
