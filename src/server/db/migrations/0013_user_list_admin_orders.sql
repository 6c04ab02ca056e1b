-- A page of the users holding an administrator role (platform_admin, super_admin: about 1 user
-- in 400) in any order of the list (docs/decisions/013-user-filters-and-sorting-at-a-million.md).
-- Through the role index the planner reads every holder, fetches each user row for its sort
-- value (rows spread over the whole table) and sorts them all. These indexes hold only the users
-- with such a role without expiry (forever_roles, kept by triggers since 0011), one per order,
-- shaped like the full indexes (column DESC NULLS LAST, id DESC NULLS LAST): a page reads its
-- rows from the cursor on, in order. The few holding one with an expiry are read beside them.
CREATE INDEX "platform_users_admins_created_idx" ON "platform_users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "forever_roles" && '{platform_admin,super_admin}'::text[];
CREATE INDEX "platform_users_admins_full_name_idx" ON "platform_users" USING btree ("full_name" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "forever_roles" && '{platform_admin,super_admin}'::text[];
CREATE INDEX "platform_users_admins_email_idx" ON "platform_users" USING btree ("email" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "forever_roles" && '{platform_admin,super_admin}'::text[];
CREATE INDEX "platform_users_admins_organization_idx" ON "platform_users" USING btree ("organization" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "forever_roles" && '{platform_admin,super_admin}'::text[];
CREATE INDEX "platform_users_admins_last_login_idx" ON "platform_users" USING btree ("last_login_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "forever_roles" && '{platform_admin,super_admin}'::text[];
