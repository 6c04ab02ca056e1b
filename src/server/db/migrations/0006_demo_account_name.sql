-- The demo account goes by one name everywhere: the mock sign-in calls it Demo User, so the server does too.
UPDATE "platform_users" SET "full_name" = 'Demo User'
WHERE lower("email") = 'demo.admin@talentecosystem.demo' AND "full_name" = 'Demo Administrator';
