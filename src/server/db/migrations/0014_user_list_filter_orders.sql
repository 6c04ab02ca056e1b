-- A page of one organization, of the inactive users or of those never signed in, in any order of
-- the list (docs/decisions/013-user-filters-and-sorting-at-a-million.md). Through the order's
-- full index the planner walks the whole order testing each row, which costs what the filter's
-- share says only when the filter's users are spread evenly over the order: an organization whose
-- users joined together, or whose names sort late, made a page read hundreds of thousands of rows
-- at a million users. These indexes list each filter's users in every order, shaped like the full
-- indexes (column DESC NULLS LAST, id DESC NULLS LAST): a page reads its rows from the cursor on.
-- Organizations: one index per order, led by the organization (a list of several reads each
-- organization's range and merges them). The inactive users and those never signed in: partial
-- indexes, one per order (never signed in has no last sign-in to order by).
CREATE INDEX "platform_users_org_created_idx" ON "platform_users" USING btree ("organization","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);
CREATE INDEX "platform_users_org_full_name_idx" ON "platform_users" USING btree ("organization","full_name" DESC NULLS LAST,"id" DESC NULLS LAST);
CREATE INDEX "platform_users_org_email_idx" ON "platform_users" USING btree ("organization","email" DESC NULLS LAST,"id" DESC NULLS LAST);
CREATE INDEX "platform_users_org_last_login_idx" ON "platform_users" USING btree ("organization","last_login_at" DESC NULLS LAST,"id" DESC NULLS LAST);
CREATE INDEX "platform_users_inactive_created_idx" ON "platform_users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE NOT "is_active";
CREATE INDEX "platform_users_inactive_full_name_idx" ON "platform_users" USING btree ("full_name" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE NOT "is_active";
CREATE INDEX "platform_users_inactive_email_idx" ON "platform_users" USING btree ("email" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE NOT "is_active";
CREATE INDEX "platform_users_inactive_organization_idx" ON "platform_users" USING btree ("organization" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE NOT "is_active";
CREATE INDEX "platform_users_inactive_last_login_idx" ON "platform_users" USING btree ("last_login_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE NOT "is_active";
CREATE INDEX "platform_users_never_created_idx" ON "platform_users" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "last_login_at" IS NULL;
CREATE INDEX "platform_users_never_full_name_idx" ON "platform_users" USING btree ("full_name" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "last_login_at" IS NULL;
CREATE INDEX "platform_users_never_email_idx" ON "platform_users" USING btree ("email" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "last_login_at" IS NULL;
CREATE INDEX "platform_users_never_organization_idx" ON "platform_users" USING btree ("organization" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "last_login_at" IS NULL;
