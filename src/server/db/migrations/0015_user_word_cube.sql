-- The facet counts of a search (docs/decisions/013-user-filters-and-sorting-at-a-million.md,
-- "Counts kept per word"). Counting a common word's users read every match's row: 25,001 users
-- on 10,482 pages for "garcia" at a million users, outside the embedded database's buffers. This
-- keeps user_facet_cube's cells once more per word of search_text, kept by triggers: a search
-- that lies within one word, and within no other word any user holds, reads that word's cells.
--
-- A word is a run of characters between separators; the separators are ASCII's whitespace
-- (tab, line feed, carriage return, space), digits and punctuation. A search holding no separator
-- can only be found inside one word, so its users are exactly those of the words containing it;
-- when that is one word, its cells are the search's cells. userWordSearch
-- (src/server/admin/user-facets.ts) tests a search for separators with the same characters.
CREATE FUNCTION user_search_words(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN ARRAY(SELECT DISTINCT w
                 FROM unnest(string_to_array(
                        translate(t, E'\t\n\r!"#$%&''()*+,-./0123456789:;<=>?@[\\]^_`{|}~',
                                  repeat(' ', 45)),
                        ' ')) AS w
                WHERE w <> '');

-- One row per (word, status, never signed in, organization, roles held without expiry) with how
-- many users hold that word there, each user once per word. Derived data, not in backups: a
-- restore rebuilds it. The trigram index finds the words containing a search.
CREATE TABLE "user_word_cube" (
  "word" text NOT NULL,
  "is_active" boolean NOT NULL,
  "never" boolean NOT NULL,
  "organization" text,
  "roles" text[] NOT NULL,
  "n" bigint NOT NULL,
  CONSTRAINT "user_word_cube_key" UNIQUE NULLS NOT DISTINCT ("word", "is_active", "never", "organization", "roles")
);
CREATE INDEX "user_word_cube_word_trgm_idx" ON "user_word_cube" USING gin ("word" gin_trgm_ops);

-- As platform_users_facet_cube (0011): each statement's signed difference per cell, summed first
-- (a sign-in, a password change or a role change within a cell writes nothing), cells in a fixed
-- order so that concurrent writers lock rows alike.
CREATE FUNCTION platform_users_word_cube() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM user_word_cube;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO user_word_cube AS c (word, is_active, never, organization, roles, n)
    SELECT w.word, r.is_active, r.last_login_at IS NULL, r.organization, r.forever_roles, count(*)
      FROM new_rows r CROSS JOIN LATERAL unnest(user_search_words(r.search_text)) AS w(word)
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT user_word_cube_key DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_word_cube AS c (word, is_active, never, organization, roles, n)
    SELECT w.word, r.is_active, r.last_login_at IS NULL, r.organization, r.forever_roles, -count(*)
      FROM old_rows r CROSS JOIN LATERAL unnest(user_search_words(r.search_text)) AS w(word)
     GROUP BY 1, 2, 3, 4, 5 ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT user_word_cube_key DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO user_word_cube AS c (word, is_active, never, organization, roles, n)
    SELECT w.word, d.is_active, d.never, d.organization, d.roles, sum(d.n)
      FROM (SELECT search_text, is_active, last_login_at IS NULL AS never, organization,
                   forever_roles AS roles, 1 AS n FROM new_rows
            UNION ALL
            SELECT search_text, is_active, last_login_at IS NULL, organization, forever_roles, -1
              FROM old_rows) AS d
           CROSS JOIN LATERAL unnest(user_search_words(d.search_text)) AS w(word)
     GROUP BY 1, 2, 3, 4, 5
    HAVING sum(d.n) <> 0
     ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT user_word_cube_key DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER platform_users_word_cube_insert
  AFTER INSERT ON platform_users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION platform_users_word_cube();
CREATE TRIGGER platform_users_word_cube_update
  AFTER UPDATE ON platform_users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION platform_users_word_cube();
CREATE TRIGGER platform_users_word_cube_delete
  AFTER DELETE ON platform_users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION platform_users_word_cube();
CREATE TRIGGER platform_users_word_cube_truncate
  AFTER TRUNCATE ON platform_users
  FOR EACH STATEMENT EXECUTE FUNCTION platform_users_word_cube();

-- The words of the users already there.
INSERT INTO user_word_cube (word, is_active, never, organization, roles, n)
SELECT w.word, u.is_active, u.last_login_at IS NULL, u.organization, u.forever_roles, count(*)
  FROM platform_users u CROSS JOIN LATERAL unnest(user_search_words(u.search_text)) AS w(word)
 GROUP BY 1, 2, 3, 4, 5;
