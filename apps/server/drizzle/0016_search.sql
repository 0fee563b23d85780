-- Issue 18: search and explore.
--
-- pg_trgm (PGlite loads it as an extension: src/db/pglite-options.ts) for typo-tolerant matching: trigram
-- GiST indexes on usernames and the words of full names (walked closest first), GIN on tag names and the
-- search vocabulary. Post search is
-- full text under the `simple` configuration (posts_search_idx, the expression of schema.ts
-- postSearchDocument); a misspelt word is matched against search_terms (every word posts were ever found
-- by, kept by a trigger on posts) and the words close to it are searched for instead.
-- post_tags: each tag a post carries, normalised as @flik/shared normalizeTag does, written by the app
-- with the post (and gone with it); tags: every tag with its post count, kept by a trigger on post_tags.
-- trending_tags and explore_posts: summaries the job runner refreshes (trending-tags, explore-scores).
-- polls, poll_options, poll_votes: the explore poll, one vote per member (the primary key), counts kept by
-- a trigger; one poll is seeded.
-- The posts made before are tagged here by flik_tags_of, the SQL twin of @flik/shared tagsOfPost
-- ([[:alnum:]_] standing for \p{L}\p{N}_); the bench seed calls it too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "explore_posts" (
	"post_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"score" double precision NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poll_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"poll_id" uuid NOT NULL,
	"text" text NOT NULL,
	"position" integer NOT NULL,
	"votes_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poll_votes" (
	"poll_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"option_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_votes_poll_id_user_id_pk" PRIMARY KEY("poll_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "polls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"question" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "post_tags" (
	"post_id" uuid NOT NULL,
	"tag" text NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "post_tags_post_id_tag_pk" PRIMARY KEY("post_id","tag"),
	CONSTRAINT "post_tags_tag" CHECK (char_length("post_tags"."tag") between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"name" text PRIMARY KEY NOT NULL,
	"posts_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tags_posts_count" CHECK ("tags"."posts_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trending_tags" (
	"tag" text PRIMARY KEY NOT NULL,
	"recent_count" integer NOT NULL,
	"baseline_daily" double precision NOT NULL,
	"score" double precision NOT NULL,
	"refreshed_at" timestamp (3) with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "explore_posts" ADD CONSTRAINT "explore_posts_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_options" ADD CONSTRAINT "poll_options_poll_id_polls_id_fk" FOREIGN KEY ("poll_id") REFERENCES "public"."polls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The (poll, option) pairs a vote refers to, made before the foreign key that needs them.
CREATE UNIQUE INDEX "poll_options_poll_id" ON "poll_options" USING btree ("poll_id","id");--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_option" FOREIGN KEY ("poll_id","option_id") REFERENCES "public"."poll_options"("poll_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_post_id_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "explore_posts_score_idx" ON "explore_posts" USING btree ("score" DESC NULLS FIRST,"post_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "poll_options_position" ON "poll_options" USING btree ("poll_id","position");--> statement-breakpoint
CREATE INDEX "poll_votes_user_idx" ON "poll_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "post_tags_tag_created_idx" ON "post_tags" USING btree ("tag","created_at" DESC NULLS FIRST,"post_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "post_tags_created_idx" ON "post_tags" USING btree ("created_at","tag","user_id");--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tags_name_trgm_idx" ON "tags" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin (to_tsvector('simple'::regconfig, "caption" || ' ' || "tags" || ' ' || "location"));--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gist ("username" gist_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gist ((' ' || lower("full_name")) gist_trgm_ops);--> statement-breakpoint
-- Tag counts beside the rows they count, as the other counters (migration 0004). A tag is made by its
-- first post; its row stays at 0 when the last one goes (tag search leaves those out). Statements insert a
-- post's tags in name order, so two posts sharing tags lock their rows in the same order.
CREATE FUNCTION "flik_count_post_tag"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "tags" ("name", "posts_count") VALUES (NEW."tag", 1)
      ON CONFLICT ("name") DO UPDATE SET "posts_count" = "tags"."posts_count" + 1;
  ELSE
    UPDATE "tags" SET "posts_count" = "posts_count" - 1 WHERE "name" = OLD."tag";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "post_tags_count" AFTER INSERT OR DELETE ON "post_tags" FOR EACH ROW EXECUTE FUNCTION "flik_count_post_tag"();--> statement-breakpoint
-- The search vocabulary: the words of every post as written or edited (lexemes come sorted out of a
-- tsvector, so concurrent posts take their locks in one order). Words longer than 40 characters are no
-- one's typo worth correcting. Never shrinks: a word no post has any more only finds nothing.
CREATE FUNCTION "flik_collect_search_terms"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "search_terms" ("term")
    SELECT "lexeme" FROM unnest(to_tsvector('simple'::regconfig, NEW."caption" || ' ' || NEW."tags" || ' ' || NEW."location"))
    WHERE char_length("lexeme") <= 40
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "posts_search_terms" AFTER INSERT OR UPDATE OF "caption", "tags", "location" ON "posts" FOR EACH ROW EXECUTE FUNCTION "flik_collect_search_terms"();--> statement-breakpoint
CREATE FUNCTION "flik_count_poll_vote"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "poll_options" SET "votes_count" = "votes_count" + 1 WHERE "id" = NEW."option_id";
  ELSE
    UPDATE "poll_options" SET "votes_count" = "votes_count" - 1 WHERE "id" = OLD."option_id";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "poll_votes_count" AFTER INSERT OR DELETE ON "poll_votes" FOR EACH ROW EXECUTE FUNCTION "flik_count_poll_vote"();--> statement-breakpoint
-- The tags of a post, as @flik/shared tagsOfPost finds them: the words of the tags field (split on
-- spaces, commas and #) then the #words of the caption, each normalised (NFC, lower case, letters,
-- digits and underscores, at most 50 characters), once each in order of appearance, at most 30.
CREATE FUNCTION "flik_tags_of"("caption" text, "tags" text) RETURNS SETOF text LANGUAGE sql STABLE AS $$
  SELECT "tag" FROM (
    SELECT "tag", min("at") AS "first"
    FROM (
      SELECT left(regexp_replace(lower(normalize(f."piece", NFC)), '[^[:alnum:]_]', '', 'g'), 50) AS "tag", f."at"
      FROM regexp_split_to_table("tags", '[[:space:],#]+') WITH ORDINALITY AS f("piece", "at")
      UNION ALL
      SELECT left(regexp_replace(lower(normalize(c."m"[1], NFC)), '[^[:alnum:]_]', '', 'g'), 50), 1000000 + c."at"
      FROM regexp_matches("caption", '#([[:alnum:]_]+)', 'g') WITH ORDINALITY AS c("m", "at")
    ) "found"
    WHERE "tag" <> ''
    GROUP BY "tag"
  ) "firsts"
  ORDER BY "first"
  LIMIT 30
$$;--> statement-breakpoint
INSERT INTO "post_tags" ("post_id", "tag", "user_id", "created_at")
  SELECT p."id", t."tag", p."user_id", p."created_at"
  FROM "posts" p CROSS JOIN LATERAL "flik_tags_of"(p."caption", p."tags") AS t("tag")
  ORDER BY t."tag";--> statement-breakpoint
INSERT INTO "search_terms" ("term")
  SELECT DISTINCT w."lexeme"
  FROM "posts" p CROSS JOIN LATERAL unnest(to_tsvector('simple'::regconfig, p."caption" || ' ' || p."tags" || ' ' || p."location")) AS w
  WHERE char_length(w."lexeme") <= 40
  ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The first explore poll (ids fixed, so every database has the same one).
INSERT INTO "polls" ("id", "question") VALUES ('5e4c0018-0000-4000-8000-000000000000', 'What should we explore next?');--> statement-breakpoint
INSERT INTO "poll_options" ("id", "poll_id", "text", "position") VALUES
  ('5e4c0018-0000-4000-8000-000000000001', '5e4c0018-0000-4000-8000-000000000000', 'Live music', 1),
  ('5e4c0018-0000-4000-8000-000000000002', '5e4c0018-0000-4000-8000-000000000000', 'Indie games', 2),
  ('5e4c0018-0000-4000-8000-000000000003', '5e4c0018-0000-4000-8000-000000000000', 'Street food', 3),
  ('5e4c0018-0000-4000-8000-000000000004', '5e4c0018-0000-4000-8000-000000000000', 'Hiking trails', 4);
