import { asc, eq } from 'drizzle-orm';
import type { CredentialType } from '@shared/constants';
import { CREDENTIAL_TYPE_NOUNS } from '@shared/schemas/credentials';
import type { Db, Tx } from '../db/client';
import { applications, platformUsers } from '../db/schema';
import { PolicyDenial } from './policy';

export type ApplicationRow = typeof applications.$inferSelect;

function holdsCredential(app: ApplicationRow, type: CredentialType): boolean {
  return type === 'api_key' ? app.apiKeyHash !== null : app.webhookSecretHash !== null;
}

/** Registered applications by name, with flags for their credentials: a secret never leaves the server. */
export async function listApplications(db: Db) {
  const rows = await db
    .select({
      id: applications.id,
      app_name: applications.appName,
      app_url: applications.appUrl,
      app_type: applications.appType,
      is_active: applications.isActive,
      apiKeyHash: applications.apiKeyHash,
      webhookSecretHash: applications.webhookSecretHash,
      oidcClientId: applications.oidcClientId,
      oidcRedirectUris: applications.oidcRedirectUris,
      oidcPostLogoutRedirectUris: applications.oidcPostLogoutRedirectUris,
      oidcScopes: applications.oidcScopes,
      oidcClientSecretHash: applications.oidcClientSecretHash,
      oidcFirstParty: applications.oidcFirstParty,
      oidcBackchannelLogoutUri: applications.oidcBackchannelLogoutUri,
      oidcInitiateLoginUri: applications.oidcInitiateLoginUri,
    })
    .from(applications)
    .orderBy(asc(applications.appName));
  return rows.map(
    ({
      apiKeyHash,
      webhookSecretHash,
      oidcClientId,
      oidcRedirectUris,
      oidcPostLogoutRedirectUris,
      oidcScopes,
      oidcClientSecretHash,
      oidcFirstParty,
      oidcBackchannelLogoutUri,
      oidcInitiateLoginUri,
      ...app
    }) => ({
      ...app,
      has_api_key: apiKeyHash !== null,
      has_webhook_secret: webhookSecretHash !== null,
      oidc_client: oidcClientId
        ? {
            client_id: oidcClientId,
            redirect_uris: oidcRedirectUris,
            post_logout_redirect_uris: oidcPostLogoutRedirectUris,
            scopes: oidcScopes,
            public_client: oidcClientSecretHash === null,
            first_party: oidcFirstParty,
            backchannel_logout_uri: oidcBackchannelLogoutUri,
            initiate_login_uri: oidcInitiateLoginUri,
          }
        : null,
    }),
  );
}

/**
 * Policy: the application exists, is active and holds the credential asked
 * for. Each failure names the application so the requester knows why.
 */
export async function requireUsableApplication(
  tx: Tx,
  appId: string,
  type: CredentialType,
): Promise<ApplicationRow> {
  const [app] = await tx.select().from(applications).where(eq(applications.id, appId));
  if (!app) {
    throw new PolicyDenial(404, 'not_found', 'Application not found', 'application_exists');
  }
  if (!app.isActive) {
    throw new PolicyDenial(
      409,
      'conflict',
      `${app.appName} is inactive: credential access is closed for inactive applications`,
      'application_active',
    );
  }
  if (!holdsCredential(app, type)) {
    throw new PolicyDenial(
      409,
      'conflict',
      `${app.appName} has no ${CREDENTIAL_TYPE_NOUNS[type]}`,
      'credential_present',
    );
  }
  return app;
}

/**
 * Serializes a caller's credential decisions (one active grant, one pending
 * request per application and credential) by locking the caller's own row.
 */
export async function lockCaller(tx: Tx, userId: string): Promise<void> {
  await tx
    .select({ id: platformUsers.id })
    .from(platformUsers)
    .where(eq(platformUsers.id, userId))
    .for('update');
}
