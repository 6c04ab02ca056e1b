-- Passkeys (WebAuthn) as a way to sign in or as the second step: each account's credentials with
-- their public key, sign counter and backup flags, and the challenges handed out, single use, a
-- few minutes long, stored as hashes and bound to the session, pending sign-in or opaque id that
-- asked for them.
CREATE TABLE "passkey_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"credential_id" text NOT NULL,
	"public_key" text NOT NULL,
	"sign_count" bigint DEFAULT 0 NOT NULL,
	"transports" text[] DEFAULT '{}'::text[] NOT NULL,
	"device_type" text NOT NULL,
	"backed_up" boolean NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "passkey_credentials_device_type_check" CHECK ("passkey_credentials"."device_type" in ('singleDevice','multiDevice'))
);
--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"challenge_hash" text NOT NULL,
	"purpose" text NOT NULL,
	"user_id" uuid,
	"session_id" uuid,
	"pending_sign_in_id" uuid,
	"handle_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "webauthn_challenges_binding_check" CHECK (("webauthn_challenges"."purpose" IN ('register','confirm') AND "webauthn_challenges"."user_id" IS NOT NULL AND "webauthn_challenges"."session_id" IS NOT NULL AND "webauthn_challenges"."pending_sign_in_id" IS NULL AND "webauthn_challenges"."handle_hash" IS NULL)
        OR ("webauthn_challenges"."purpose" = 'second_factor' AND "webauthn_challenges"."user_id" IS NOT NULL AND "webauthn_challenges"."pending_sign_in_id" IS NOT NULL AND "webauthn_challenges"."session_id" IS NULL AND "webauthn_challenges"."handle_hash" IS NULL)
        OR ("webauthn_challenges"."purpose" = 'sign_in' AND "webauthn_challenges"."handle_hash" IS NOT NULL AND "webauthn_challenges"."user_id" IS NULL AND "webauthn_challenges"."session_id" IS NULL AND "webauthn_challenges"."pending_sign_in_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "passkey_credentials" ADD CONSTRAINT "passkey_credentials_user_id_platform_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."platform_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_user_id_platform_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."platform_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_pending_sign_in_id_pending_sign_ins_id_fk" FOREIGN KEY ("pending_sign_in_id") REFERENCES "public"."pending_sign_ins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "passkey_credentials_credential_id_key" ON "passkey_credentials" USING btree ("credential_id");--> statement-breakpoint
CREATE INDEX "passkey_credentials_user_idx" ON "passkey_credentials" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webauthn_challenges_challenge_hash_key" ON "webauthn_challenges" USING btree ("challenge_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "webauthn_challenges_handle_hash_key" ON "webauthn_challenges" USING btree ("handle_hash");--> statement-breakpoint
CREATE INDEX "webauthn_challenges_expires_idx" ON "webauthn_challenges" USING btree ("expires_at");