-- The users of a search within one word only (userWordSearch, src/server/admin/user-filters.ts)
-- are exactly that word's: this index lists each word's users, read as one list where the trigram
-- index intersects the lists of the word's trigrams and every row found is rechecked
-- (docs/decisions/013-user-filters-and-sorting-at-a-million.md, "Counts kept per word").
-- Built over the existing rows here: 36 s for a million users (docs/performance.md).
CREATE INDEX "platform_users_search_words_idx" ON "platform_users" USING gin (user_search_words("search_text"));
