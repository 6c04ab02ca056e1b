-- Counts of refusals anyone may provoke without signing in, so that a flood of them adds a
-- bounded number of audit events (see src/server/audit/refusals.ts).
CREATE TABLE "refusal_tallies" (
	"bucket" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"address" text,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"reported" integer DEFAULT 0 NOT NULL,
	"event_type" text NOT NULL,
	"severity" text NOT NULL
);

CREATE INDEX "refusal_tallies_window_idx" ON "refusal_tallies" USING btree ("window_start");
