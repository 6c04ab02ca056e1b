-- A bucket that slows rather than refuses (the per-account sign-in throttle) keeps the earliest time
-- its next attempt may be checked.
ALTER TABLE "rate_limits" ADD COLUMN "next_turn_at" timestamp with time zone;
