-- The console becomes an OpenID Provider: its state (codes, tokens, grants, sessions, interactions)
-- is shared by every server process in one table, and a registered application may be an
-- OpenID Connect client (its client id, exact redirect URIs, allowed scopes, a hashed secret).
CREATE TABLE "oidc_payloads" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"uid" text,
	"user_code" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "oidc_client_id" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "oidc_redirect_uris" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "oidc_post_logout_redirect_uris" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "oidc_scopes" text[] DEFAULT '{openid,email,profile,roles,offline_access}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "oidc_client_secret_hash" text;--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_idx" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_payloads_expires_idx" ON "oidc_payloads" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_oidc_client_id_unique" UNIQUE("oidc_client_id");