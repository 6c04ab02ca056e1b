-- Ed25519-signed head checkpoints anyone can verify with the public key alone, the public keys
-- with their rotation statements, and the signed manifest of each audit export. The private keys
-- live outside the database (AUDIT_SIGNING_KEY or DATA_DIR/audit-signing-key).
CREATE TABLE "audit_checkpoints" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"head_hash" text NOT NULL,
	"event_count" bigint NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"key_id" text NOT NULL,
	"signature" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_export_manifests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"manifest" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "audit_signing_keys" (
	"key_id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"previous_key_id" text,
	"after_seq" bigint,
	"rotation_signed_at" timestamp with time zone,
	"rotation_signature" text
);
--> statement-breakpoint
CREATE INDEX "audit_export_manifests_created_idx" ON "audit_export_manifests" USING btree ("created_at");