-- Nodes also keep members' own accounts (GET /user) in memory: "account:<id>" is announced on
-- "flik_changes" when anything the account shows changes, however it changed (a profile edit, or a
-- counter or follow list moved by a follow or a post elsewhere). The unread notifications count and the
-- last-update time are not part of it: they move on every notification and would only empty the cache.
CREATE FUNCTION "flik_announce_account_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (to_jsonb(OLD) - 'unread_notifications_count' - 'updated_at')
     IS DISTINCT FROM (to_jsonb(NEW) - 'unread_notifications_count' - 'updated_at') THEN
    PERFORM pg_notify('flik_changes', 'account:' || NEW."id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "accounts_changed" AFTER UPDATE ON "users" FOR EACH ROW EXECUTE FUNCTION "flik_announce_account_change"();
