-- Sign-up verifies the address by mail: a sign-up waits in sign_up_verifications (the link's
-- token stored only as its SHA-256 hash) until its link is opened, and every sign-up queues one
-- mail in mail_outbox, which the operator's mailer reads and marks sent
-- (docs/product/sign-in.md#sign-up-tells, docs/operations.md#mail-outbox). Accounts that exist
-- already were created by setup, an administrator or an invitation: none waits for verification.
CREATE TABLE "mail_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" IN ('sign_up_verify','sign_up_existing_account','sign_up_reserved','sign_up_invited'))
);

CREATE TABLE "sign_up_verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"full_name" text NOT NULL,
	"password_hash" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"verified_at" timestamp with time zone,
	"user_id" uuid
);

ALTER TABLE "sign_up_verifications" ADD CONSTRAINT "sign_up_verifications_user_id_platform_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "platform_users"("id") ON DELETE set null ON UPDATE no action;
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("created_at","id") WHERE "mail_outbox"."sent_at" IS NULL;
CREATE UNIQUE INDEX "sign_up_verifications_token_hash_key" ON "sign_up_verifications" USING btree ("token_hash");
CREATE INDEX "sign_up_verifications_expires_idx" ON "sign_up_verifications" USING btree ("expires_at");
