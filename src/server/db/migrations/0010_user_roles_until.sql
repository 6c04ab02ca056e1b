-- The users list's "no role" filter and the role facet read, on the user row, until when the user
-- holds a role (docs/decisions/013-user-filters-and-sorting-at-a-million.md): roles_until is the
-- latest expiry among the user's active role records, 'infinity' for one without expiry,
-- '-infinity' when there is none. A user holds no role in force at `now` exactly when
-- roles_until <= now: one range of platform_users_roles_until_idx, and a grant that expires drops
-- out at its expiry with no write. Statement triggers on platform_role_assignments keep it.
--
-- Backfill: the column is added with 'infinity' for the existing rows (stored once in the
-- catalogue, no rewrite), since most users hold a role without expiry; only the others are then
-- written. New rows get '-infinity' (no role yet).
ALTER TABLE "platform_users" ADD COLUMN "roles_until" timestamptz NOT NULL DEFAULT 'infinity';
ALTER TABLE "platform_users" ALTER COLUMN "roles_until" SET DEFAULT '-infinity';
UPDATE "platform_users" u
   SET "roles_until" = coalesce(
         (SELECT max(coalesce(a.expires_at, 'infinity'::timestamptz))
            FROM platform_role_assignments a WHERE a.user_id = u.id AND a.is_active),
         '-infinity'::timestamptz)
 WHERE NOT EXISTS (SELECT 1 FROM platform_role_assignments a
                    WHERE a.user_id = u.id AND a.is_active AND a.expires_at IS NULL);
CREATE INDEX "platform_users_roles_until_idx" ON "platform_users" USING btree ("roles_until");

-- Recomputes roles_until for the given users from their role records. The user rows are locked
-- first, in id order, and the records read after: on PostgreSQL two transactions changing one
-- user's roles at once then recompute one after the other, the second seeing the first's records.
CREATE FUNCTION platform_users_refresh_roles_until(ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM platform_users WHERE id = ANY(ids) ORDER BY id FOR UPDATE;
  UPDATE platform_users u
     SET roles_until = r.until
    FROM (SELECT x.id,
                 coalesce((SELECT max(coalesce(a.expires_at, 'infinity'::timestamptz))
                             FROM platform_role_assignments a
                            WHERE a.user_id = x.id AND a.is_active),
                          '-infinity'::timestamptz) AS until
            FROM (SELECT DISTINCT unnest(ids) AS id) AS x) AS r
   WHERE u.id = r.id AND u.roles_until IS DISTINCT FROM r.until;
END;
$$;

CREATE FUNCTION platform_role_assignments_roles_until() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM platform_users_refresh_roles_until(ARRAY(SELECT user_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM platform_users_refresh_roles_until(ARRAY(SELECT user_id FROM old_rows));
  ELSE
    PERFORM platform_users_refresh_roles_until(
      ARRAY(SELECT user_id FROM old_rows UNION SELECT user_id FROM new_rows));
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER platform_role_assignments_roles_until_insert
  AFTER INSERT ON platform_role_assignments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION platform_role_assignments_roles_until();
CREATE TRIGGER platform_role_assignments_roles_until_update
  AFTER UPDATE ON platform_role_assignments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION platform_role_assignments_roles_until();
CREATE TRIGGER platform_role_assignments_roles_until_delete
  AFTER DELETE ON platform_role_assignments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION platform_role_assignments_roles_until();
