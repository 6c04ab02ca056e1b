-- Refresh tokens that have been rotated away, so that presenting one again is recognised as reuse
-- (a stolen token) and ends the whole session.
CREATE TABLE "rotated_refresh_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"session_id" uuid NOT NULL,
	"rotated_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
ALTER TABLE "rotated_refresh_tokens" ADD CONSTRAINT "rotated_refresh_tokens_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "sessions"("id") ON DELETE cascade ON UPDATE no action;
CREATE INDEX "rotated_refresh_tokens_session_idx" ON "rotated_refresh_tokens" USING btree ("session_id","expires_at");
