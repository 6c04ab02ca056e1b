-- The users list sorts by name, email, organization and last sign-in as well as newest first, and
-- filters by organization, status and roles in force (docs/product/admin-console.md#user-sort).
-- Each order gets a btree index shaped like platform_users_created_idx, (column DESC NULLS LAST,
-- id DESC NULLS LAST), read forwards for desc and backwards for asc, so that a page starts at its
-- cursor in the index. The organization index also serves the organization filter and the
-- skip scan that lists organizations; last_login_at's serves "never signed in".
-- Inactive users are few: a partial index finds them without reading the active ones.
-- Role assignments in force are found by role through an index of the active records (their
-- expiry is in it, and checked on every read).
CREATE INDEX "platform_users_full_name_idx" ON "platform_users" USING btree ("full_name" DESC NULLS LAST,"id" DESC NULLS LAST);
CREATE INDEX "platform_users_email_idx" ON "platform_users" USING btree ("email" DESC NULLS LAST,"id" DESC NULLS LAST);
CREATE INDEX "platform_users_organization_idx" ON "platform_users" USING btree ("organization" DESC NULLS LAST,"id" DESC NULLS LAST);
CREATE INDEX "platform_users_last_login_idx" ON "platform_users" USING btree ("last_login_at" DESC NULLS LAST,"id" DESC NULLS LAST);
CREATE INDEX "platform_users_inactive_idx" ON "platform_users" USING btree ("id") WHERE NOT "is_active";
CREATE INDEX "platform_role_assignments_role_idx" ON "platform_role_assignments" USING btree ("role","user_id","expires_at") WHERE "is_active";
