-- Nodes keep signed-in sessions in memory; the database announces on the "flik_changes" channel
-- (LISTEN/NOTIFY, delivered at commit to every node) each change that makes a kept session wrong, so
-- no code path that revokes, expires or deletes a session, or renames its member, can leave a node
-- trusting a stale one. Payload: "session:<id>" or "member:<id>".
CREATE FUNCTION "flik_announce_session_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('flik_changes', 'session:' || OLD."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OF "revoked_at", "expires_at", "user_id" ON "sessions" FOR EACH ROW
  WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at" OR OLD."expires_at" IS DISTINCT FROM NEW."expires_at" OR OLD."user_id" IS DISTINCT FROM NEW."user_id")
  EXECUTE FUNCTION "flik_announce_session_change"();--> statement-breakpoint
CREATE TRIGGER "sessions_deleted" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "flik_announce_session_change"();--> statement-breakpoint
CREATE FUNCTION "flik_announce_member_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('flik_changes', 'member:' || OLD."id");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_renamed" AFTER UPDATE OF "username" ON "users" FOR EACH ROW
  WHEN (OLD."username" IS DISTINCT FROM NEW."username")
  EXECUTE FUNCTION "flik_announce_member_change"();--> statement-breakpoint
CREATE TRIGGER "members_deleted" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "flik_announce_member_change"();
