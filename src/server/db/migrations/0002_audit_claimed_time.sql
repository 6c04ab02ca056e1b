-- Browser-reported events: occurred_at is the server's receive time; the time the browser
-- claimed is kept apart in claimed_at (NULL for events the server records itself).
ALTER TABLE "audit_events" ADD COLUMN "claimed_at" timestamp with time zone;
