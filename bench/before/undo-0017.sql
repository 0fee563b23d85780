-- The inverse of migration 0017 (external sign-in), run first: a database seeded by today's schema, back
-- to 0016's. The tables go with their indexes and foreign keys.
DROP TABLE "handoff_codes";
DROP TABLE "user_identities";
DELETE FROM "drizzle"."__drizzle_migrations" WHERE "created_at" >= 1795552946087;
