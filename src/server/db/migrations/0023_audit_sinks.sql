-- Audit sinks: outside endpoints that receive the trail's events, each from its own cursor
-- (delivered_seq), with its sealed signing secret, its failures and the lease of the process
-- delivering it.
CREATE TABLE "audit_sinks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"event_types" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"severities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"secret_sealed" text NOT NULL,
	"delivered_seq" bigint NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"last_error_at" timestamp with time zone,
	"next_attempt_at" timestamp with time zone,
	"paused_at" timestamp with time zone,
	"last_delivered_at" timestamp with time zone,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_sinks_created_idx" ON "audit_sinks" USING btree ("created_at");