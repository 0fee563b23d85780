-- Issue 12: nodes keep whole answers of posts as their viewers were answered (platform/kept-answers.ts),
-- forgotten when anything one shows changes. Beside likes and comments (migration 0018) and members
-- (0007, 0008, 0013) that is the post itself, new posts, and who may see a member's posts. Announced on
-- "flik_changes", however it happened (an API call on any node, a member deleted and their rows
-- cascaded, a tool):
-- - "post:<id>" when a post is changed (caption, tags, shares) or deleted;
-- - "author:<member id>" when a member makes a post;
-- - "privacy:<member id>" when a member's profile goes private or public: who may see their posts
--   changes for members no kept answer names (the flicks feed shows any member's videos).
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
--> statement-breakpoint
CREATE FUNCTION "flik_announce_privacy_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('flik_changes', 'privacy:' || NEW."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_privacy_changed" AFTER UPDATE OF "is_private" ON "users" FOR EACH ROW
  WHEN (OLD."is_private" IS DISTINCT FROM NEW."is_private")
  EXECUTE FUNCTION "flik_announce_privacy_change"();
