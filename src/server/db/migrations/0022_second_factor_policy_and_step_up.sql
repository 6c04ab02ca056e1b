-- The second factor's policy and step-up: an account may have to set up a second factor before
-- the console answers it (a flag, set for the system administrators setup makes and for accounts
-- whose factors were reset), a session remembers when a second factor was last proved in it, and
-- a passkey challenge may be bound to a session for a step-up.
ALTER TABLE "webauthn_challenges" DROP CONSTRAINT "webauthn_challenges_binding_check";--> statement-breakpoint
ALTER TABLE "platform_users" ADD COLUMN "second_factor_enrolment_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "second_factor_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webauthn_challenges" ADD CONSTRAINT "webauthn_challenges_binding_check" CHECK (("webauthn_challenges"."purpose" IN ('register','confirm','step_up') AND "webauthn_challenges"."user_id" IS NOT NULL AND "webauthn_challenges"."session_id" IS NOT NULL AND "webauthn_challenges"."pending_sign_in_id" IS NULL AND "webauthn_challenges"."handle_hash" IS NULL)
        OR ("webauthn_challenges"."purpose" = 'second_factor' AND "webauthn_challenges"."user_id" IS NOT NULL AND "webauthn_challenges"."pending_sign_in_id" IS NOT NULL AND "webauthn_challenges"."session_id" IS NULL AND "webauthn_challenges"."handle_hash" IS NULL)
        OR ("webauthn_challenges"."purpose" = 'sign_in' AND "webauthn_challenges"."handle_hash" IS NOT NULL AND "webauthn_challenges"."user_id" IS NULL AND "webauthn_challenges"."session_id" IS NULL AND "webauthn_challenges"."pending_sign_in_id" IS NULL));--> statement-breakpoint
-- Setup's administrators who have not signed in yet (their generated password must still change) enrol first.
UPDATE "platform_users" SET "second_factor_enrolment_required" = true WHERE "id" IN (SELECT "user_id" FROM "password_credentials" WHERE "must_change");
