-- A search of one or two characters has no trigram to look up, so it read the table until a page
-- filled: a full scan for a pair nobody holds. This indexes every one- and two-character piece of
-- search_text; a short search looks its pieces up here, then checks LIKE on the few rows found.
-- The index is built over every existing row here, in one go: 16 minutes for a million users on
-- two busy cores (docs/performance.md), paid once, at the first start after the upgrade.
-- Pieces overlap: the characters, the pairs from the first character, the pairs from the second.
CREATE FUNCTION user_search_pieces(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN string_to_array(t, NULL)
    || ARRAY(SELECT m[1] FROM regexp_matches(t, '..', 'g') AS m)
    || ARRAY(SELECT m[1] FROM regexp_matches(substr(t, 2), '..', 'g') AS m);
-- The pieces a row must hold to contain the term: its pairs, or its one character.
CREATE FUNCTION user_search_term_pieces(t text) RETURNS text[]
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN CASE WHEN length(t) < 2 THEN string_to_array(t, NULL)
    ELSE ARRAY(SELECT m[1] FROM regexp_matches(t, '..', 'g') AS m)
      || ARRAY(SELECT m[1] FROM regexp_matches(substr(t, 2), '..', 'g') AS m) END;
CREATE INDEX "platform_users_search_pieces_idx" ON "platform_users" USING gin (user_search_pieces("search_text"));
