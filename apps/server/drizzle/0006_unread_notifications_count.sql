ALTER TABLE "users" ADD COLUMN "unread_notifications_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- The unread count of every member's notifications, kept per statement (marking all read is one
-- statement over many rows: it moves the count once, not once per row).
CREATE FUNCTION "flik_count_unread_added"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "unread_notifications_count" = "unread_notifications_count" + "added"."n"
  FROM (SELECT "recipient_id", count(*) AS "n" FROM "added_rows" WHERE NOT "read" GROUP BY 1) AS "added"
  WHERE "users"."id" = "added"."recipient_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notifications_unread_added" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS "added_rows" FOR EACH STATEMENT EXECUTE FUNCTION "flik_count_unread_added"();--> statement-breakpoint
CREATE FUNCTION "flik_count_unread_removed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "unread_notifications_count" = "unread_notifications_count" - "removed"."n"
  FROM (SELECT "recipient_id", count(*) AS "n" FROM "removed_rows" WHERE NOT "read" GROUP BY 1) AS "removed"
  WHERE "users"."id" = "removed"."recipient_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notifications_unread_removed" AFTER DELETE ON "notifications" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "flik_count_unread_removed"();--> statement-breakpoint
CREATE FUNCTION "flik_count_unread_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "users" SET "unread_notifications_count" = "unread_notifications_count" + "changed"."n"
  FROM (
    SELECT "recipient_id", sum("n") AS "n"
    FROM (
      SELECT "recipient_id", CASE WHEN "read" THEN 0 ELSE 1 END AS "n" FROM "new_rows"
      UNION ALL
      SELECT "recipient_id", CASE WHEN "read" THEN 0 ELSE -1 END FROM "old_rows"
    ) AS "both_sides"
    GROUP BY 1
  ) AS "changed"
  WHERE "users"."id" = "changed"."recipient_id" AND "changed"."n" <> 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "notifications_unread_changed" AFTER UPDATE ON "notifications" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "flik_count_unread_changed"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "flik_recount_counters"() RETURNS void LANGUAGE sql AS $$
  WITH "followers" AS (SELECT "followee_id" AS "id", count(*) AS "n" FROM "follows" GROUP BY 1),
       "following" AS (SELECT "follower_id" AS "id", count(*) AS "n" FROM "follows" GROUP BY 1),
       "authored" AS (SELECT "user_id" AS "id", count(*) AS "n" FROM "posts" GROUP BY 1),
       "unread" AS (SELECT "recipient_id" AS "id", count(*) AS "n" FROM "notifications" WHERE NOT "read" GROUP BY 1)
  UPDATE "users" SET
    "followers_count" = coalesce("followers"."n", 0),
    "following_count" = coalesce("following"."n", 0),
    "posts_count" = coalesce("authored"."n", 0),
    "unread_notifications_count" = coalesce("unread"."n", 0)
  FROM "users" AS "member"
    LEFT JOIN "followers" ON "followers"."id" = "member"."id"
    LEFT JOIN "following" ON "following"."id" = "member"."id"
    LEFT JOIN "authored" ON "authored"."id" = "member"."id"
    LEFT JOIN "unread" ON "unread"."id" = "member"."id"
  WHERE "users"."id" = "member"."id";
  WITH "liked" AS (SELECT "post_id" AS "id", count(*) AS "n" FROM "post_likes" GROUP BY 1),
       "commented" AS (SELECT "post_id" AS "id", count(*) AS "n" FROM "post_comments" GROUP BY 1)
  UPDATE "posts" SET
    "likes_count" = coalesce("liked"."n", 0),
    "comments_count" = coalesce("commented"."n", 0)
  FROM "posts" AS "post"
    LEFT JOIN "liked" ON "liked"."id" = "post"."id"
    LEFT JOIN "commented" ON "commented"."id" = "post"."id"
  WHERE "posts"."id" = "post"."id";
$$;--> statement-breakpoint
SELECT "flik_recount_counters"();
