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

-- The facet counts of the users list without a search or filter
-- (docs/product/admin-console.md#user-facets) read this table instead of the users: how many
-- users there are, inactive, never signed in, per organization ('' with facet 'no_org' for
-- none), and per role the active records without expiry ('role_forever'). Grants with an expiry
-- are not in it (whether they are in force changes with time, with no write): they are counted
-- at read time through platform_role_assignments_expiring_idx. Statement triggers keep it; a
-- TRUNCATE empties its part.
CREATE TABLE "user_facet_counts" (
  "facet" text NOT NULL,
  "value" text NOT NULL,
  "n" bigint NOT NULL,
  CONSTRAINT "user_facet_counts_pkey" PRIMARY KEY ("facet", "value")
);
CREATE INDEX "platform_role_assignments_expiring_idx" ON "platform_role_assignments"
  USING btree ("role", "expires_at") WHERE "is_active" AND "expires_at" IS NOT NULL;

-- Adds signed counts, summed per key first (an update that changes no count writes nothing);
-- keys in a fixed order, so that concurrent writers lock rows alike.
CREATE FUNCTION user_facet_counts_add(deltas jsonb) RETURNS void
LANGUAGE sql AS $$
  INSERT INTO user_facet_counts (facet, value, n)
  SELECT d.facet, d.value, sum(d.n)
    FROM jsonb_to_recordset(deltas) AS d(facet text, value text, n bigint)
   GROUP BY d.facet, d.value
  HAVING sum(d.n) <> 0
   ORDER BY d.facet, d.value
  ON CONFLICT (facet, value) DO UPDATE SET n = user_facet_counts.n + excluded.n;
$$;

-- The transition tables of an operation, each with the sign its rows count with.
CREATE FUNCTION user_facet_counts_sides(op text) RETURNS TABLE (rows_name text, sign int)
LANGUAGE sql IMMUTABLE AS $$
  SELECT 'new_rows', 1 WHERE op IN ('INSERT', 'UPDATE')
  UNION ALL
  SELECT 'old_rows', -1 WHERE op IN ('DELETE', 'UPDATE');
$$;

CREATE FUNCTION platform_users_facet_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  side record;
  part jsonb;
  deltas jsonb := '[]';
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM user_facet_counts WHERE facet IN ('users', 'inactive', 'never', 'org', 'no_org');
    RETURN NULL;
  END IF;
  FOR side IN SELECT * FROM user_facet_counts_sides(TG_OP) LOOP
    EXECUTE format($q$
      SELECT jsonb_agg(jsonb_build_object('facet', k.facet, 'value', k.value, 'n', k.n))
        FROM (SELECT k.facet, k.value, count(*) * $1 AS n
                FROM %I c
                CROSS JOIN LATERAL (VALUES
                  ('users', '', true),
                  ('inactive', '', NOT c.is_active),
                  ('never', '', c.last_login_at IS NULL),
                  (CASE WHEN c.organization IS NULL THEN 'no_org' ELSE 'org' END,
                   coalesce(c.organization, ''), true)) AS k(facet, value, counted)
               WHERE k.counted
               GROUP BY k.facet, k.value) AS k$q$, side.rows_name)
      INTO part USING side.sign;
    deltas := deltas || coalesce(part, '[]');
  END LOOP;
  PERFORM user_facet_counts_add(deltas);
  RETURN NULL;
END;
$$;

CREATE FUNCTION platform_role_assignments_facet_counts() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  side record;
  part jsonb;
  deltas jsonb := '[]';
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM user_facet_counts WHERE facet = 'role_forever';
    RETURN NULL;
  END IF;
  FOR side IN SELECT * FROM user_facet_counts_sides(TG_OP) LOOP
    EXECUTE format($q$
      SELECT jsonb_agg(jsonb_build_object('facet', 'role_forever', 'value', k.role, 'n', k.n))
        FROM (SELECT c.role, count(*) * $1 AS n FROM %I c
               WHERE c.is_active AND c.expires_at IS NULL GROUP BY c.role) AS k$q$,
      side.rows_name)
      INTO part USING side.sign;
    deltas := deltas || coalesce(part, '[]');
  END LOOP;
  PERFORM user_facet_counts_add(deltas);
  RETURN NULL;
END;
$$;

CREATE TRIGGER platform_users_facet_counts_insert
  AFTER INSERT ON platform_users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION platform_users_facet_counts();
CREATE TRIGGER platform_users_facet_counts_update
  AFTER UPDATE ON platform_users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION platform_users_facet_counts();
CREATE TRIGGER platform_users_facet_counts_delete
  AFTER DELETE ON platform_users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION platform_users_facet_counts();
CREATE TRIGGER platform_users_facet_counts_truncate
  AFTER TRUNCATE ON platform_users
  FOR EACH STATEMENT EXECUTE FUNCTION platform_users_facet_counts();
CREATE TRIGGER platform_role_assignments_facet_counts_insert
  AFTER INSERT ON platform_role_assignments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION platform_role_assignments_facet_counts();
CREATE TRIGGER platform_role_assignments_facet_counts_update
  AFTER UPDATE ON platform_role_assignments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION platform_role_assignments_facet_counts();
CREATE TRIGGER platform_role_assignments_facet_counts_delete
  AFTER DELETE ON platform_role_assignments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION platform_role_assignments_facet_counts();
CREATE TRIGGER platform_role_assignments_facet_counts_truncate
  AFTER TRUNCATE ON platform_role_assignments
  FOR EACH STATEMENT EXECUTE FUNCTION platform_role_assignments_facet_counts();

-- The counts of the rows already there.
INSERT INTO user_facet_counts (facet, value, n)
SELECT k.facet, k.value, count(*)
  FROM platform_users c
  CROSS JOIN LATERAL (VALUES
    ('users', '', true),
    ('inactive', '', NOT c.is_active),
    ('never', '', c.last_login_at IS NULL),
    (CASE WHEN c.organization IS NULL THEN 'no_org' ELSE 'org' END,
     coalesce(c.organization, ''), true)) AS k(facet, value, counted)
 WHERE k.counted
 GROUP BY k.facet, k.value;
INSERT INTO user_facet_counts (facet, value, n)
SELECT 'role_forever', role, count(*) FROM platform_role_assignments
 WHERE is_active AND expires_at IS NULL GROUP BY role;
