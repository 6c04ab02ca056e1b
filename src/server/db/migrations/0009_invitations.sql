-- Invitations: an administrator invites an address with roles and the invitee sets a password
-- through a one-time link. Only the SHA-256 hash of the link's token is stored; the status is
-- computed from the times (docs/product/admin-console.md#invitations).
CREATE TABLE "invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"full_name" text,
	"roles" text[] NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_user_id" uuid,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid,
	CONSTRAINT "invitations_roles_check" CHECK (cardinality("invitations"."roles") > 0 AND "invitations"."roles" <@ ARRAY['user','platform_admin','super_admin']::text[])
);

ALTER TABLE "invitations" ADD CONSTRAINT "invitations_invited_by_platform_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "platform_users"("id") ON DELETE set null ON UPDATE no action;
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_accepted_user_id_platform_users_id_fk" FOREIGN KEY ("accepted_user_id") REFERENCES "platform_users"("id") ON DELETE set null ON UPDATE no action;
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_revoked_by_platform_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "platform_users"("id") ON DELETE set null ON UPDATE no action;
CREATE UNIQUE INDEX "invitations_token_hash_key" ON "invitations" USING btree ("token_hash");
CREATE INDEX "invitations_email_idx" ON "invitations" USING btree (lower("email"));
CREATE INDEX "invitations_created_idx" ON "invitations" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
