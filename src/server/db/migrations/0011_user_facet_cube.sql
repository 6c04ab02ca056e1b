-- The users list's facet counts for any filters without a search
-- (docs/decisions/013-user-filters-and-sorting-at-a-million.md) read a small cube kept by
-- triggers instead of the users: one row per (status, never signed in, organization, the set of
-- roles held without expiry) with how many users are there. It replaces user_facet_counts, which
-- answered only without any filter.

-- 0010's table and the triggers that kept it.
DROP TRIGGER platform_users_facet_counts_insert ON platform_users;
DROP TRIGGER platform_users_facet_counts_update ON platform_users;
DROP TRIGGER platform_users_facet_counts_delete ON platform_users;
DROP TRIGGER platform_users_facet_counts_truncate ON platform_users;
DROP TRIGGER platform_role_assignments_facet_counts_insert ON platform_role_assignments;
DROP TRIGGER platform_role_assignments_facet_counts_update ON platform_role_assignments;
DROP TRIGGER platform_role_assignments_facet_counts_delete ON platform_role_assignments;
DROP TRIGGER platform_role_assignments_facet_counts_truncate ON platform_role_assignments;
DROP FUNCTION platform_users_facet_counts();
DROP FUNCTION platform_role_assignments_facet_counts();
DROP FUNCTION user_facet_counts_sides(text);
DROP FUNCTION user_facet_counts_add(jsonb);
DROP TABLE user_facet_counts;

-- forever_roles: the roles of the user's active records without expiry, sorted ('{}' for none),
-- kept beside roles_until by the same triggers on platform_role_assignments. Added with '{user}'
-- for the existing rows (stored once in the catalogue, no rewrite), since most users hold exactly
-- that; only the others are then written. New rows get '{}' (no role yet).
ALTER TABLE "platform_users" ADD COLUMN "forever_roles" text[] NOT NULL DEFAULT '{user}';
ALTER TABLE "platform_users" ALTER COLUMN "forever_roles" SET DEFAULT '{}';
UPDATE platform_users u
   SET forever_roles = r.roles
  FROM (SELECT p.id, coalesce(f.roles, '{}') AS roles
          FROM platform_users p
          LEFT JOIN (SELECT user_id, array_agg(role ORDER BY role) AS roles
                       FROM platform_role_assignments
                      WHERE is_active AND expires_at IS NULL
                      GROUP BY user_id) AS f ON f.user_id = p.id
         WHERE coalesce(f.roles, '{}') <> '{user}') AS r
 WHERE u.id = r.id;

-- Recomputes roles_until and forever_roles for the given users from their role records. The user
-- rows are locked first, in id order, and the records read after: on PostgreSQL two transactions
-- changing one user's roles at once then recompute one after the other.
CREATE OR REPLACE FUNCTION platform_users_refresh_roles_until(ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM platform_users WHERE id = ANY(ids) ORDER BY id FOR UPDATE;
  UPDATE platform_users u
     SET roles_until = r.until, forever_roles = r.forever
    FROM (SELECT x.id,
                 coalesce((SELECT max(coalesce(a.expires_at, 'infinity'::timestamptz))
                             FROM platform_role_assignments a
                            WHERE a.user_id = x.id AND a.is_active),
                          '-infinity'::timestamptz) AS until,
                 coalesce((SELECT array_agg(a.role ORDER BY a.role)
                             FROM platform_role_assignments a
                            WHERE a.user_id = x.id AND a.is_active AND a.expires_at IS NULL),
                          '{}'::text[]) AS forever
            FROM (SELECT DISTINCT unnest(ids) AS id) AS x) AS r
   WHERE u.id = r.id
     AND (u.roles_until IS DISTINCT FROM r.until OR u.forever_roles IS DISTINCT FROM r.forever);
END;
$$;

-- Emptying the role records leaves every user without a role.
CREATE FUNCTION platform_role_assignments_truncated() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE platform_users SET roles_until = '-infinity', forever_roles = '{}'
   WHERE roles_until <> '-infinity' OR forever_roles <> '{}';
  RETURN NULL;
END;
$$;
CREATE TRIGGER platform_role_assignments_truncate
  AFTER TRUNCATE ON platform_role_assignments
  FOR EACH STATEMENT EXECUTE FUNCTION platform_role_assignments_truncated();

-- The cube. A user is in one cell; grants with an expiry are not in it (whether one is in force
-- changes with time, with no write): they are added at read time through
-- platform_role_assignments_expiring_idx. Derived data, not in backups: a restore rebuilds it.
CREATE TABLE "user_facet_cube" (
  "is_active" boolean NOT NULL,
  "never" boolean NOT NULL,
  "organization" text,
  "roles" text[] NOT NULL,
  "n" bigint NOT NULL,
  CONSTRAINT "user_facet_cube_key" UNIQUE NULLS NOT DISTINCT ("is_active", "never", "organization", "roles")
);

-- Statement triggers on platform_users add each statement's signed difference per cell (summed
-- first: an update that moves no user between cells writes nothing), cells in a fixed order so
-- that concurrent writers lock rows alike. A role change reaches the cube through the update of
-- forever_roles above. A TRUNCATE empties it.
CREATE FUNCTION platform_users_facet_cube() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM user_facet_cube;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO user_facet_cube AS c (is_active, never, organization, roles, n)
    SELECT is_active, last_login_at IS NULL, organization, forever_roles, count(*)
      FROM new_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT user_facet_cube_key DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO user_facet_cube AS c (is_active, never, organization, roles, n)
    SELECT is_active, last_login_at IS NULL, organization, forever_roles, -count(*)
      FROM old_rows GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT user_facet_cube_key DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO user_facet_cube AS c (is_active, never, organization, roles, n)
    SELECT d.is_active, d.never, d.organization, d.roles, sum(d.n)
      FROM (SELECT is_active, last_login_at IS NULL AS never, organization,
                   forever_roles AS roles, 1 AS n FROM new_rows
            UNION ALL
            SELECT is_active, last_login_at IS NULL, organization, forever_roles, -1
              FROM old_rows) AS d
     GROUP BY 1, 2, 3, 4
    HAVING sum(d.n) <> 0
     ORDER BY 1, 2, 3, 4
    ON CONFLICT ON CONSTRAINT user_facet_cube_key DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER platform_users_facet_cube_insert
  AFTER INSERT ON platform_users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION platform_users_facet_cube();
CREATE TRIGGER platform_users_facet_cube_update
  AFTER UPDATE ON platform_users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION platform_users_facet_cube();
CREATE TRIGGER platform_users_facet_cube_delete
  AFTER DELETE ON platform_users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION platform_users_facet_cube();
CREATE TRIGGER platform_users_facet_cube_truncate
  AFTER TRUNCATE ON platform_users
  FOR EACH STATEMENT EXECUTE FUNCTION platform_users_facet_cube();

-- The cells of the users already there.
INSERT INTO user_facet_cube (is_active, never, organization, roles, n)
SELECT is_active, last_login_at IS NULL, organization, forever_roles, count(*)
  FROM platform_users GROUP BY 1, 2, 3, 4;
