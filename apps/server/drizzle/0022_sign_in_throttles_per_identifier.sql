-- Failed sign-ins are counted per account AND per name it was asked by (username or e-mail), so that a
-- lock reached through one name says nothing of whose the other is. A tally kept so far goes on under
-- both names, so a lock in force stays in force.
ALTER TABLE "sign_in_throttles" DROP CONSTRAINT "sign_in_throttles_pkey";--> statement-breakpoint
ALTER TABLE "sign_in_throttles" ADD COLUMN "identifier" text;--> statement-breakpoint
INSERT INTO "sign_in_throttles" ("user_id", "identifier", "failures", "last_failed_at", "locked_until")
  SELECT "t"."user_id", lower("u"."email"), "t"."failures", "t"."last_failed_at", "t"."locked_until"
  FROM "sign_in_throttles" AS "t" JOIN "users" AS "u" ON "u"."id" = "t"."user_id"
  WHERE "t"."identifier" IS NULL;--> statement-breakpoint
UPDATE "sign_in_throttles" AS "t" SET "identifier" = lower("u"."username")
  FROM "users" AS "u" WHERE "u"."id" = "t"."user_id" AND "t"."identifier" IS NULL;--> statement-breakpoint
ALTER TABLE "sign_in_throttles" ALTER COLUMN "identifier" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_throttles" ADD CONSTRAINT "sign_in_throttles_user_id_identifier_pk" PRIMARY KEY("user_id","identifier");
