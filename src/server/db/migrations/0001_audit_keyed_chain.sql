-- The audit chain is keyed (HMAC-SHA-256 under a key kept outside the database) and its head
-- carries a signed checkpoint over the last seq, the last hash, the event count and the first
-- keyed seq. Events before keyed_from_seq keep their plain SHA-256 links. The server signs the
-- head at its first start with a key (checkpoint stays NULL until then).
ALTER TABLE "audit_chain_head" ADD COLUMN "event_count" bigint DEFAULT 0 NOT NULL;
ALTER TABLE "audit_chain_head" ADD COLUMN "keyed_from_seq" bigint DEFAULT 0 NOT NULL;
ALTER TABLE "audit_chain_head" ADD COLUMN "checkpoint" text;
