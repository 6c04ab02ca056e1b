-- Refusals of a signed-in caller are counted per account rather than per address, so that an
-- account's flood of them also adds a bounded number of audit events (src/server/audit/refusals.ts).
ALTER TABLE "refusal_tallies" ADD COLUMN "user_id" uuid;
