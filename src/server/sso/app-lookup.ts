import { asc, eq } from 'drizzle-orm';
import { ECOSYSTEM_APP_SLUGS, type SsoApplication } from '@shared/schemas/sso';
import type { Config } from '../core/config';
import type { Db } from '../db/client';
import { applications } from '../db/schema';
import { initiateLoginUriOf } from '../oidc/clients';
import { OIDC_PATH } from '../oidc/provider';
import { legacyExchangeAnswers, RETIRED } from './codes';
import { DEMO_LOGIN_PATH, DEMO_RECEIVER_TYPE } from './demo-receiver';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** "Quick Role Check" → "quick-role-check": the short name any application answers to. */
const slugOf = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

/**
 * The registered application a sign-on link names: by id, by the short name
 * of one of the ecosystem's products (`hirehub`), or by its own name in short
 * form. The oldest registration wins when two share a name.
 */
export async function findSignOnApplication(
  db: Db,
  config: Config,
  ref: string,
): Promise<SsoApplication | null> {
  const rows = UUID.test(ref)
    ? await db.select().from(applications).where(eq(applications.id, ref.toLowerCase()))
    : await db.select().from(applications).orderBy(asc(applications.createdAt));
  const slug = ref.toLowerCase();
  const known = ECOSYSTEM_APP_SLUGS[slug];
  const app = UUID.test(ref)
    ? rows[0]
    : (rows.find((a) => a.appName === known) ?? rows.find((a) => slugOf(a.appName) === slug));
  if (!app) return null;
  const loginUrl = loginUrlOf(app, config);
  return {
    id: app.id,
    app_name: app.appName,
    app_url: app.appUrl,
    is_active: app.isActive,
    login_url: loginUrl,
    // Production mode with the code retired: no way in without a login start, said on arrival.
    sign_on_unavailable:
      app.isActive && !loginUrl && !legacyExchangeAnswers(config) ? RETIRED.start : null,
  };
}

/**
 * OpenID Connect's third-party initiated login (Core 4): in production mode an active application
 * that starts its own sign-in is sent there, naming this provider as `iss`
 * (docs/product/sign-on.md#oidc). The SSO Demo Receiver's start is /sso/demo-login; any other
 * application's is the login start URI registered with its client (its initiate_login_uri).
 */
function loginUrlOf(app: typeof applications.$inferSelect, config: Config): string | null {
  if (config.demoMode || !app.oidcClientId || !app.isActive) return null;
  const start =
    app.appType === DEMO_RECEIVER_TYPE
      ? `${config.publicUrl}${DEMO_LOGIN_PATH}`
      : initiateLoginUriOf(app);
  if (!start) return null;
  const url = new URL(start);
  url.searchParams.set('iss', `${config.publicUrl}${OIDC_PATH}`);
  return url.href;
}
