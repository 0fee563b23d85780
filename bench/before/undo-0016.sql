-- The inverse of migration 0016 (search and explore), run first: a database seeded by today's schema,
-- back to 0015's. Tables go with their triggers and indexes.
DROP TRIGGER "posts_search_terms" ON "posts";
DROP FUNCTION "flik_collect_search_terms"();
DROP TABLE "post_tags";
DROP FUNCTION "flik_count_post_tag"();
DROP FUNCTION "flik_tags_of"(text, text);
DROP TABLE "tags";
DROP TABLE "search_terms";
DROP TABLE "trending_tags";
DROP TABLE "explore_posts";
DROP TABLE "poll_votes";
DROP FUNCTION "flik_count_poll_vote"();
DROP TABLE "poll_options";
DROP TABLE "polls";
DROP INDEX "posts_search_idx";
DROP INDEX "users_username_trgm_idx";
DROP INDEX "users_full_name_trgm_idx";
DROP EXTENSION IF EXISTS pg_trgm;
DELETE FROM "drizzle"."__drizzle_migrations" WHERE "created_at" >= 1795533765627;
