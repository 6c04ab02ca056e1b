/**
 * The users the benchmarks load at scale: names, organizations, activity, sign-ins and roles
 * spread over `INSERT … SELECT … FROM generate_series`, after the app's own seed.
 */
import type { Database } from '../src/server/db/client';

const FIRST = [
  'Amara',
  'Liam',
  'Sofia',
  'Noah',
  'Priya',
  'Ethan',
  'Yuki',
  'Oliver',
  'Fatima',
  'Lucas',
  'Grace',
  'Mateo',
  'Hannah',
  'David',
  'Chloe',
  'Arjun',
  'Isabella',
  'Kwame',
  'Emma',
  'Jonas',
  'Mei',
  'Rachel',
  'Tom',
  'Aisha',
  'Pierre',
  'Sara',
  'Jordan',
  'Elena',
  'Omar',
  'Nina',
  'Hugo',
  'Zara',
  'Felix',
  'Ines',
  'Ravi',
  'Lena',
  'Tariq',
  'Maya',
  'Sven',
  'Lucia',
];
const LAST = [
  'Okafor',
  'Chen',
  'Martinez',
  'Williams',
  'Sharma',
  'Brown',
  'Tanaka',
  'Smith',
  'Hassan',
  'Dubois',
  'Kim',
  'Rossi',
  'Muller',
  'Nguyen',
  'Johnson',
  'Patel',
  'Garcia',
  'Mensah',
  'Wilson',
  'Lindqvist',
  'Ling',
  'Adler',
  'Becker',
  'Bello',
  'Laurent',
  'Haddad',
  'Lee',
  'Novak',
  'Costa',
  'Silva',
  'Ivanova',
  'Kowalski',
  'Jensen',
  'Moreau',
  'Rahman',
  'Schmidt',
  'Yilmaz',
  'Alvarez',
  'Fischer',
  'Nakamura',
];
const ORGS = [
  'HireHub',
  'SortStak',
  'Role Builder',
  'Quick Role Check',
  'TalentMLS',
  'TalentSpark',
  'Acme Staffing',
  'Northwind Talent',
  'BrightPath Careers',
  'Summit Ventures',
  'Globex Recruiting',
  'Initech Careers',
  'Umbrella Talent',
  'Stark Staffing',
  'Wayne Recruiting',
  'Hooli Jobs',
  'Pied Piper Hiring',
  'Vandelay Talent',
  'Soylent Careers',
  'Tyrell Staffing',
  'Cyberdyne Jobs',
  'Oceanic Hiring',
  'Aperture Careers',
  'Monarch Talent',
  'Gringotts Staffing',
];

const sqlArray = (values: string[]) =>
  `(ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}])`;

/**
 * Seeds `users` users (and their roles) after the app's own seed. The indexes of
 * platform_users are dropped for the load and rebuilt from their own definitions
 * (whatever the migrations made), which is far faster than row by row.
 */
export async function seedUsers(database: Database, users: number) {
  const indexes = await database.query<{ indexname: string; indexdef: string }>(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i
      WHERE i.tablename = 'platform_users'
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conname = i.indexname)`,
  );
  await database.exec(`
    ${indexes.map((i) => `DROP INDEX "${i.indexname}";`).join('\n')}
    INSERT INTO platform_users (email, full_name, organization, department, is_active, created_at, last_login_at)
    SELECT lower(f || '.' || l || '.' || g || '@' || replace(o, ' ', '') || '.example'),
           CASE WHEN g % 50 = 0 THEN NULL ELSE f || ' ' || l END,
           CASE WHEN g % 33 = 0 THEN NULL ELSE o END,
           (ARRAY['Engineering','Sales','Recruiting','Finance','Operations'])[1 + g % 5],
           g % 40 <> 0,
           timestamptz '2026-06-01 00:00:00+00' - g * interval '1 second' - (g % 997) * interval '1 microsecond',
           CASE WHEN g % 4 = 0 THEN NULL ELSE timestamptz '2026-06-01 00:00:00+00' - (g % 9000) * interval '1 minute' END
      FROM (
        SELECT g,
               ${sqlArray(FIRST)}[1 + g % ${FIRST.length}] AS f,
               CASE WHEN g % 50000 = 7 THEN 'Quillfeather'
                    ELSE ${sqlArray(LAST)}[1 + (g / ${FIRST.length}) % ${LAST.length}] END AS l,
               CASE WHEN g % 40000 = 11 THEN 'Zephyrine Labs'
                    ELSE ${sqlArray(ORGS)}[1 + (g * 7) % ${ORGS.length}] END AS o
          FROM generate_series(1, ${users}) AS g
      ) AS s;
    INSERT INTO platform_role_assignments (user_id, role, granted_at)
    SELECT id, 'user', created_at FROM platform_users WHERE hashtext(email) % 20 <> 0
    ON CONFLICT DO NOTHING;
    INSERT INTO platform_role_assignments (user_id, role, granted_at)
    SELECT id, 'platform_admin', created_at FROM platform_users WHERE hashtext(email) % 200 = 1
    ON CONFLICT DO NOTHING;
  `);
  await database.exec(`${indexes.map((i) => `${i.indexdef};`).join('\n')}\nANALYZE;`);
}
