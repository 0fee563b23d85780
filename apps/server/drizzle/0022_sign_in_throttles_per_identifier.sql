-- Failed sign-ins are counted per account AND per name it was asked by (username or e-mail), so that a
-- lock reached through one name says nothing of whose the other is. The old tallies go: a count starts
-- again at worst, as it does after a day without failures.
DELETE FROM "sign_in_throttles";--> statement-breakpoint
ALTER TABLE "sign_in_throttles" DROP CONSTRAINT "sign_in_throttles_pkey";--> statement-breakpoint
ALTER TABLE "sign_in_throttles" ADD COLUMN "identifier" text NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_throttles" ADD CONSTRAINT "sign_in_throttles_user_id_identifier_pk" PRIMARY KEY("user_id","identifier");
