-- Issue 12: nodes keep whole answers of posts as their viewers were answered (platform/kept-answers.ts),
-- forgotten when anything one shows changes. Beside likes and comments (migration 0018) and members
-- (0007, 0008, 0013) that is the post itself, new posts, and who may see a member's posts. Announced on
-- "flik_changes", however it happened (an API call on any node, a member deleted and their rows
-- cascaded, a tool):
-- - "post:<id>" when a post is changed (caption, tags, shares) or deleted;
-- - "author:<member id>" when a member makes a post, or turns a photo into a video or back;
-- - "privacy:<member id>" when a member's profile goes private or public: who may see their posts
--   changes for members no kept answer names (the flicks feed shows any member's videos);
-- - "blocked:<member id>" when someone blocks or unblocks the member (0013 announces the blocker's
--   account): what the blocked member is shown changes;
-- - "notifications:<member id>" when the member's notifications change (a new one, read or unread, gone);
-- - "chat:<chat id>" when a chat, its members (joined, accepted, read, cleared) or its messages change,
--   and "chats:<member id>" when the member's own membership of a chat does.
CREATE FUNCTION "flik_announce_post_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('flik_changes', 'author:' || NEW."user_id");
  ELSE
    PERFORM pg_notify('flik_changes', 'post:' || OLD."id");
    -- A photo that became a video (or back) joins (or leaves) lists it was not on, as a new post does.
    IF TG_OP = 'UPDATE' AND OLD."media_type" IS DISTINCT FROM NEW."media_type" THEN
      PERFORM pg_notify('flik_changes', 'author:' || NEW."user_id");
    END IF;
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
--> statement-breakpoint
CREATE FUNCTION "flik_announce_blocked_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('flik_changes', 'blocked:' || OLD."blocked_id");
  ELSE
    PERFORM pg_notify('flik_changes', 'blocked:' || NEW."blocked_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_blocked_changed" AFTER INSERT OR DELETE ON "blocks" FOR EACH ROW
  EXECUTE FUNCTION "flik_announce_blocked_change"();--> statement-breakpoint
CREATE FUNCTION "flik_announce_notifications_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('flik_changes', 'notifications:' || OLD."recipient_id");
  ELSE
    PERFORM pg_notify('flik_changes', 'notifications:' || NEW."recipient_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notifications_changed" AFTER INSERT OR UPDATE OR DELETE ON "notifications" FOR EACH ROW
  EXECUTE FUNCTION "flik_announce_notifications_change"();
--> statement-breakpoint
CREATE FUNCTION "flik_announce_chat_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    changed := OLD;
  ELSE
    changed := NEW;
  END IF;
  IF TG_TABLE_NAME = 'chats' THEN
    PERFORM pg_notify('flik_changes', 'chat:' || changed."id");
  ELSE
    PERFORM pg_notify('flik_changes', 'chat:' || changed."chat_id");
    IF TG_TABLE_NAME = 'chat_members' THEN
      PERFORM pg_notify('flik_changes', 'chats:' || changed."user_id");
    END IF;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "chats_changed" AFTER UPDATE OR DELETE ON "chats" FOR EACH ROW
  EXECUTE FUNCTION "flik_announce_chat_change"();--> statement-breakpoint
CREATE TRIGGER "chat_members_changed" AFTER INSERT OR UPDATE OR DELETE ON "chat_members" FOR EACH ROW
  EXECUTE FUNCTION "flik_announce_chat_change"();--> statement-breakpoint
CREATE TRIGGER "messages_changed" AFTER INSERT OR UPDATE OR DELETE ON "messages" FOR EACH ROW
  EXECUTE FUNCTION "flik_announce_chat_change"();
