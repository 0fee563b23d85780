-- Issue 16, after 0012: GET /user lists whom the member blocked, newest block first, from its own index.
--
-- Members' own accounts (GET /user) are kept per node and forgotten on "account:<id>" (migration 0008).
-- Two things an account now shows live outside the users row: the follow requests waiting for the
-- member (followRequestsCount) and whom they block (blockedUsers). A change to either table announces
-- the account it changes, however it changed (an API call on any node, a member deleted and their rows
-- cascaded, a tool).
CREATE INDEX "blocks_blocker_created_idx" ON "blocks" USING btree ("blocker_id","created_at" DESC NULLS FIRST,"blocked_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE FUNCTION "flik_announce_follow_request_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('flik_changes', 'account:' || OLD."target_id");
  ELSE
    PERFORM pg_notify('flik_changes', 'account:' || NEW."target_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "follow_requests_changed" AFTER INSERT OR DELETE ON "follow_requests" FOR EACH ROW
  EXECUTE FUNCTION "flik_announce_follow_request_change"();--> statement-breakpoint
CREATE FUNCTION "flik_announce_block_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('flik_changes', 'account:' || OLD."blocker_id");
  ELSE
    PERFORM pg_notify('flik_changes', 'account:' || NEW."blocker_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "blocks_changed" AFTER INSERT OR DELETE ON "blocks" FOR EACH ROW
  EXECUTE FUNCTION "flik_announce_block_change"();
