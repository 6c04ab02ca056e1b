-- Initial schema: every server entity of docs/product plus sessions, grants, audit chain and rate limits.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;

CREATE TABLE "admin_action_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"requesting_user_id" uuid NOT NULL,
	"action_type" text NOT NULL,
	"target_app_id" uuid,
	"credential_type" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"justification" text NOT NULL,
	"reviewed_by" uuid,
	"review_reason" text,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_name" text NOT NULL,
	"app_url" text NOT NULL,
	"app_type" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"api_key_hash" text,
	"webhook_secret_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE "audit_chain_head" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_seq" bigint NOT NULL,
	"last_hash" text NOT NULL
);

CREATE TABLE "audit_events" (
	"seq" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"client_event_id" uuid,
	"source" text NOT NULL,
	"event_type" text NOT NULL,
	"severity" text DEFAULT 'low' NOT NULL,
	"user_id" uuid,
	"session_id" text,
	"ip_address" text,
	"user_agent" text,
	"page_url" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL
);

CREATE TABLE "credential_grants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"credential_type" text NOT NULL,
	"justification" text NOT NULL,
	"time_limit_minutes" integer NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	"expiry_recorded_at" timestamp with time zone
);

CREATE TABLE "password_credentials" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"password_hash" text NOT NULL,
	"must_change" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE "platform_role_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"granted_by" uuid,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "platform_role_assignments_role_check" CHECK ("platform_role_assignments"."role" in ('user','platform_admin','super_admin'))
);

CREATE TABLE "platform_users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"full_name" text,
	"organization" text,
	"department" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(email || chr(10) || coalesce(full_name, '') || chr(10) || coalesce(organization, ''))) STORED NOT NULL
);

CREATE TABLE "rate_limits" (
	"bucket" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);

CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"session_token_hash" text NOT NULL,
	"refresh_token_hash" text,
	"ip_address" text,
	"user_agent" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone,
	"refresh_expires_at" timestamp with time zone,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);

CREATE TABLE "sso_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"app_id" uuid NOT NULL,
	"redirect_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);

ALTER TABLE "admin_action_approvals" ADD CONSTRAINT "admin_action_approvals_requesting_user_id_platform_users_id_fk" FOREIGN KEY ("requesting_user_id") REFERENCES "platform_users"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "admin_action_approvals" ADD CONSTRAINT "admin_action_approvals_target_app_id_applications_id_fk" FOREIGN KEY ("target_app_id") REFERENCES "applications"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "credential_grants" ADD CONSTRAINT "credential_grants_user_id_platform_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "platform_users"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "credential_grants" ADD CONSTRAINT "credential_grants_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "applications"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "password_credentials" ADD CONSTRAINT "password_credentials_user_id_platform_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "platform_users"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "platform_role_assignments" ADD CONSTRAINT "platform_role_assignments_user_id_platform_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "platform_users"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_platform_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "platform_users"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "sso_codes" ADD CONSTRAINT "sso_codes_user_id_platform_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "platform_users"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "sso_codes" ADD CONSTRAINT "sso_codes_app_id_applications_id_fk" FOREIGN KEY ("app_id") REFERENCES "applications"("id") ON DELETE cascade ON UPDATE no action;
CREATE INDEX "admin_action_approvals_requester_idx" ON "admin_action_approvals" USING btree ("requesting_user_id","created_at" DESC NULLS LAST);
CREATE INDEX "admin_action_approvals_status_idx" ON "admin_action_approvals" USING btree ("status","created_at" DESC NULLS LAST);
CREATE UNIQUE INDEX "audit_events_client_event_id_key" ON "audit_events" USING btree ("client_event_id");
CREATE INDEX "audit_events_type_idx" ON "audit_events" USING btree ("event_type","seq" DESC NULLS LAST);
CREATE INDEX "audit_events_recorded_idx" ON "audit_events" USING btree ("recorded_at" DESC NULLS LAST);
CREATE INDEX "credential_grants_user_idx" ON "credential_grants" USING btree ("user_id","expires_at" DESC NULLS LAST);
CREATE UNIQUE INDEX "platform_role_assignments_user_role_key" ON "platform_role_assignments" USING btree ("user_id","role");
CREATE INDEX "platform_users_search_trgm_idx" ON "platform_users" USING gin ("search_text" gin_trgm_ops);
CREATE UNIQUE INDEX "platform_users_email_key" ON "platform_users" USING btree (lower("email"));
CREATE INDEX "platform_users_created_idx" ON "platform_users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("session_token_hash");
CREATE UNIQUE INDEX "sessions_refresh_hash_key" ON "sessions" USING btree ("refresh_token_hash");
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id","created_at" DESC NULLS LAST);
INSERT INTO "audit_chain_head" ("id", "last_seq", "last_hash") VALUES (1, 0, repeat('0', 64));
