-- Keep each pair's newest "accepted your follow request", then allow one per pair from now on.
DELETE FROM "notifications" AS "older"
WHERE "older"."type" = 'follow_accepted'
  AND EXISTS (
    SELECT 1 FROM "notifications" AS "newer"
    WHERE "newer"."type" = 'follow_accepted'
      AND "newer"."recipient_id" = "older"."recipient_id"
      AND "newer"."sender_id" = "older"."sender_id"
      AND ("newer"."created_at", "newer"."id") > ("older"."created_at", "older"."id")
  );--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_follow_accepted_once" ON "notifications" USING btree ("recipient_id","sender_id") WHERE "notifications"."type" = 'follow_accepted';
