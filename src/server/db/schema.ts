import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  type ExtraConfigColumn,
} from 'drizzle-orm/pg-core';
import type { MailKind } from '@shared/schemas/setup';
import { timestamptz } from './timestamptz';

/** Every timestamptz column but roles_until: read as the exact instant (timestamptz.ts). */
const ts = timestamptz;

/** The users list's orders and the column each sorts by, as their indexes are named. */
function listOrders(
  t: Record<'createdAt' | 'fullName' | 'email' | 'organization' | 'lastLoginAt', ExtraConfigColumn>,
) {
  return [
    ['created', t.createdAt],
    ['full_name', t.fullName],
    ['email', t.email],
    ['organization', t.organization],
    ['last_login', t.lastLoginAt],
  ] as const;
}

/** Platform users (docs/product/admin-console.md#user-fields). Search uses the trigram index on `search_text` (see 0000_init.sql) and, for terms too short for trigrams, the index of its one- and two-character pieces. */
export const platformUsers = pgTable(
  'platform_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    fullName: text('full_name'),
    organization: text('organization'),
    department: text('department'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastLoginAt: ts('last_login_at'),
    /**
     * The account must set up a second factor before the console answers it, whatever the
     * policy: a system administrator made by setup, or an account whose factors were reset.
     * Cleared when a factor is confirmed (docs/product/sign-in.md#enrolment-required).
     */
    secondFactorEnrolmentRequired: boolean('second_factor_enrolment_required')
      .notNull()
      .default(false),
    /**
     * The latest expiry among the user's active role records: 'infinity' for one without expiry,
     * '-infinity' for none. Kept by triggers on platform_role_assignments
     * (0010_users_no_role_and_counts.sql); no role is in force at `now` when it is not after `now`.
     */
    rolesUntil: timestamp('roles_until', { withTimezone: true, mode: 'string' })
      .notNull()
      .default(sql`'-infinity'`),
    /**
     * The roles of the user's active records without expiry, sorted; '{}' for none. Kept with
     * roles_until (0011_user_facet_cube.sql); the users list's facet counts are kept per value.
     */
    foreverRoles: text('forever_roles')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Lower-cased email, name and organization joined by newlines: one trigram index serves the search. */
    searchText: text('search_text')
      .notNull()
      .generatedAlwaysAs(
        sql`lower(email || chr(10) || coalesce(full_name, '') || chr(10) || coalesce(organization, ''))`,
      ),
  },
  (t) => [
    index('platform_users_search_trgm_idx').using('gin', sql`${t.searchText} gin_trgm_ops`),
    // Each word's users (0016_user_search_words_idx.sql).
    index('platform_users_search_words_idx').using('gin', sql`user_search_words(${t.searchText})`),
    // Searches too short for trigrams: every one- and two-character piece (0007_user_search_pieces.sql).
    index('platform_users_search_pieces_idx').using(
      'gin',
      sql`user_search_pieces(${t.searchText})`,
    ),
    uniqueIndex('platform_users_email_key').on(sql`lower(${t.email})`),
    index('platform_users_created_idx').on(t.createdAt.desc(), t.id.desc()),
    // The other orders of the list, its organization filter and facet (0008_user_list_orders.sql).
    index('platform_users_full_name_idx').on(t.fullName.desc(), t.id.desc()),
    index('platform_users_email_idx').on(t.email.desc(), t.id.desc()),
    index('platform_users_organization_idx').on(t.organization.desc(), t.id.desc()),
    index('platform_users_last_login_idx').on(t.lastLoginAt.desc(), t.id.desc()),
    index('platform_users_inactive_idx')
      .on(t.id)
      .where(sql`NOT ${t.isActive}`),
    // Users with no role in force: roles_until <= now (0010_users_no_role_and_counts.sql).
    index('platform_users_roles_until_idx').on(t.rolesUntil),
    // The orders over the users holding an administrator role without expiry
    // (0013_user_list_admin_orders.sql); the predicate is ADMIN_ROLES_HELD in users/directory/filters.ts.
    ...listOrders(t).map(([name, column]) =>
      index(`platform_users_admins_${name}_idx`)
        .on(column.desc(), t.id.desc())
        .where(sql`${t.foreverRoles} && '{platform_admin,super_admin}'::text[]`),
    ),
    // The orders within one organization (its own order is the organization's full index), and
    // over the inactive users and those never signed in, who have no last sign-in to order by
    // (0014_user_list_filter_orders.sql).
    ...listOrders(t)
      .filter(([name]) => name !== 'organization')
      .map(([name, column]) =>
        index(`platform_users_org_${name}_idx`).on(t.organization, column.desc(), t.id.desc()),
      ),
    ...listOrders(t).map(([name, column]) =>
      index(`platform_users_inactive_${name}_idx`)
        .on(column.desc(), t.id.desc())
        .where(sql`NOT ${t.isActive}`),
    ),
    ...listOrders(t)
      .filter(([name]) => name !== 'last_login')
      .map(([name, column]) =>
        index(`platform_users_never_${name}_idx`)
          .on(column.desc(), t.id.desc())
          .where(sql`${t.lastLoginAt} IS NULL`),
      ),
  ],
);

/** A cube's cell, (status, never signed in, organization, roles held without expiry), and its count. */
const cubeCellColumns = () => ({
  isActive: boolean('is_active').notNull(),
  never: boolean('never').notNull(),
  organization: text('organization'),
  roles: text('roles').array().notNull(),
  n: bigint('n', { mode: 'number' }).notNull(),
});

/**
 * The users list's facet counts without a search (docs/product/admin-console.md#user-facets): how
 * many users per (status, never signed in, organization, roles held without expiry), kept by
 * statement triggers on platform_users (0011_user_facet_cube.sql). Derived from that table, so
 * not in backups: a restore rebuilds it.
 */
export const userFacetCube = pgTable('user_facet_cube', cubeCellColumns(), (t) => [
  unique('user_facet_cube_key').on(t.isActive, t.never, t.organization, t.roles).nullsNotDistinct(),
]);

/**
 * user_facet_cube's cells once more per word of search_text (0015_user_word_cube.sql): how many
 * users holding that word are in each cell, kept by the same kind of triggers. A search within
 * one word that no other word contains reads its facet counts here. Derived, not in backups.
 */
export const userWordCube = pgTable(
  'user_word_cube',
  {
    word: text('word').notNull(),
    ...cubeCellColumns(),
  },
  (t) => [
    unique('user_word_cube_key')
      .on(t.word, t.isActive, t.never, t.organization, t.roles)
      .nullsNotDistinct(),
    index('user_word_cube_word_trgm_idx').using('gin', sql`${t.word} gin_trgm_ops`),
  ],
);

/** Role assignments; one record per user and role, never deleted (docs/product/admin-console.md#role-changes). */
export const platformRoleAssignments = pgTable(
  'platform_role_assignments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => platformUsers.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'platform_admin', 'super_admin'] }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    grantedBy: uuid('granted_by'),
    grantedAt: ts('granted_at').notNull().defaultNow(),
    expiresAt: ts('expires_at'),
  },
  (t) => [
    uniqueIndex('platform_role_assignments_user_role_key').on(t.userId, t.role),
    // The holders of a role, for the list's role filter (0008_user_list_orders.sql).
    index('platform_role_assignments_role_idx')
      .on(t.role, t.userId, t.expiresAt)
      .where(sql`${t.isActive}`),
    // Grants with an expiry, counted at read time beside user_facet_cube.
    index('platform_role_assignments_expiring_idx')
      .on(t.role, t.expiresAt)
      .where(sql`${t.isActive} AND ${t.expiresAt} IS NOT NULL`),
    check(
      'platform_role_assignments_role_check',
      sql`${t.role} in ('user','platform_admin','super_admin')`,
    ),
  ],
);

/** Password credentials for production mode (scrypt, docs/product/architecture.md#passwords). */
export const passwordCredentials = pgTable('password_credentials', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => platformUsers.id, { onDelete: 'cascade' }),
  passwordHash: text('password_hash').notNull(),
  mustChange: boolean('must_change').notNull().default(false),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Authenticator apps (RFC 6238) of production-mode accounts, one per account
 * (docs/product/sign-in.md#second-step). The secret is encrypted with AES-256-GCM
 * under the MFA key, which is kept outside the database (docs/operations.md#the-mfa-key).
 * A factor is pending until its first code confirms it; `last_step` is the time
 * step of the last code accepted, so that no code is accepted twice.
 */
export const totpFactors = pgTable('totp_factors', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => platformUsers.id, { onDelete: 'cascade' }),
  secretEncrypted: text('secret_encrypted').notNull(),
  confirmedAt: ts('confirmed_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  lastUsedAt: ts('last_used_at'),
  createdAt: ts('created_at').notNull().defaultNow(),
});

/** Recovery codes of an account with an authenticator app: only their SHA-256 hashes; each works once. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => platformUsers.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    usedAt: ts('used_at'),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * Sign-ins past the password that wait for the second step: the token handed
 * to the browser is stored only as its SHA-256 hash, lives a few minutes and
 * opens one session.
 */
export const pendingSignIns = pgTable(
  'pending_sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => platformUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('pending_sign_ins_token_hash_key').on(t.tokenHash),
    index('pending_sign_ins_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Passkeys (WebAuthn credentials) of production-mode accounts
 * (docs/product/sign-in.md#passkeys). The credential id and the COSE public key
 * are base64url text; neither ever leaves the server in an answer, an event or
 * a log line. `sign_count` is the authenticator's counter at the last use: one
 * that does not grow (when it is not zero) is refused as a possible clone.
 */
export const passkeyCredentials = pgTable(
  'passkey_credentials',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => platformUsers.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull(),
    publicKey: text('public_key').notNull(),
    signCount: bigint('sign_count', { mode: 'number' }).notNull().default(0),
    transports: text('transports')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    deviceType: text('device_type', { enum: ['singleDevice', 'multiDevice'] }).notNull(),
    backedUp: boolean('backed_up').notNull(),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkey_credentials_credential_id_key').on(t.credentialId),
    index('passkey_credentials_user_idx').on(t.userId, t.createdAt),
    check(
      'passkey_credentials_device_type_check',
      sql`${t.deviceType} in ('singleDevice','multiDevice')`,
    ),
  ],
);

/**
 * WebAuthn challenges: single use, a few minutes long, stored only as the
 * SHA-256 hash of the challenge, and bound to whoever asked for them: the
 * signed-in session (a registration, or a confirmation before a passkey is
 * removed), the pending sign-in (a passkey as the
 * second step), or the opaque challenge id handed to the browser (a passkey
 * alone), itself stored as a hash. A response is accepted only from the same
 * binding (docs/decisions/021-passkeys.md).
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challengeHash: text('challenge_hash').notNull(),
    purpose: text('purpose', {
      enum: ['register', 'confirm', 'step_up', 'sign_in', 'second_factor'],
    }).notNull(),
    userId: uuid('user_id').references(() => platformUsers.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    pendingSignInId: uuid('pending_sign_in_id').references(() => pendingSignIns.id, {
      onDelete: 'cascade',
    }),
    handleHash: text('handle_hash'),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_challenge_hash_key').on(t.challengeHash),
    uniqueIndex('webauthn_challenges_handle_hash_key').on(t.handleHash),
    index('webauthn_challenges_expires_idx').on(t.expiresAt),
    check(
      'webauthn_challenges_binding_check',
      sql`(${t.purpose} IN ('register','confirm','step_up') AND ${t.userId} IS NOT NULL AND ${t.sessionId} IS NOT NULL AND ${t.pendingSignInId} IS NULL AND ${t.handleHash} IS NULL)
        OR (${t.purpose} = 'second_factor' AND ${t.userId} IS NOT NULL AND ${t.pendingSignInId} IS NOT NULL AND ${t.sessionId} IS NULL AND ${t.handleHash} IS NULL)
        OR (${t.purpose} = 'sign_in' AND ${t.handleHash} IS NOT NULL AND ${t.userId} IS NULL AND ${t.sessionId} IS NULL AND ${t.pendingSignInId} IS NULL)`,
    ),
  ],
);

/**
 * Invitations to an account (docs/product/admin-console.md#invitations). The
 * link's token is stored only as its SHA-256 hash; the status is computed from
 * the times (accepted, revoked, expired 72 hours after creation, else pending).
 */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    fullName: text('full_name'),
    roles: text('roles', { enum: ['user', 'platform_admin', 'super_admin'] })
      .array()
      .notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: uuid('invited_by').references(() => platformUsers.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    /** The account the invitation created. */
    acceptedUserId: uuid('accepted_user_id').references(() => platformUsers.id, {
      onDelete: 'set null',
    }),
    revokedAt: ts('revoked_at'),
    revokedBy: uuid('revoked_by').references(() => platformUsers.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    index('invitations_email_idx').on(sql`lower(${t.email})`),
    index('invitations_created_idx').on(t.createdAt.desc(), t.id.desc()),
    check(
      'invitations_roles_check',
      sql`cardinality(${t.roles}) > 0 AND ${t.roles} <@ ARRAY['user','platform_admin','super_admin']::text[]`,
    ),
  ],
);

/**
 * Sign-ups waiting for their address to be verified (docs/product/sign-in.md#sign-up-tells).
 * The account is created only when the mailed link is opened; until then the address is
 * as free as one nobody asked for. The link's token is stored only as its SHA-256 hash.
 */
export const signUpVerifications = pgTable(
  'sign_up_verifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    verifiedAt: ts('verified_at'),
    /** The account the verification created. */
    userId: uuid('user_id').references(() => platformUsers.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('sign_up_verifications_token_hash_key').on(t.tokenHash),
    index('sign_up_verifications_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Mails for the operator's mailer to send (docs/operations.md#mail-outbox): it reads the
 * pending ones (sent_at null) and marks them sent, which also empties the body (a verify
 * mail's body holds a live link).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    toAddress: text('to_address').notNull(),
    kind: text('kind').$type<MailKind>().notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('mail_outbox_pending_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.sentAt} IS NULL`),
    check(
      'mail_outbox_kind_check',
      sql`${t.kind} IN ('sign_up_verify','sign_up_existing_account','sign_up_reserved','sign_up_invited')`,
    ),
  ],
);

/** Registered applications. Secrets are stored only as hashes; the API returns has_* flags. */
export const applications = pgTable('applications', {
  id: uuid('id').primaryKey().defaultRandom(),
  appName: text('app_name').notNull(),
  appUrl: text('app_url').notNull(),
  appType: text('app_type').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  apiKeyHash: text('api_key_hash'),
  webhookSecretHash: text('webhook_secret_hash'),
  createdAt: ts('created_at').notNull().defaultNow(),
  /** The application as an OpenID Connect client (docs/product/sign-on.md#oidc-clients); null: not one. */
  oidcClientId: text('oidc_client_id').unique(),
  /** Exact-match redirect URIs: https, or http on a loopback address. */
  oidcRedirectUris: text('oidc_redirect_uris')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** Where RP-initiated logout may send the person back to (exact match, same rules). */
  oidcPostLogoutRedirectUris: text('oidc_post_logout_redirect_uris')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  /** The scopes the application may ask for; openid always among them. */
  oidcScopes: text('oidc_scopes')
    .array()
    .notNull()
    .default(sql`'{openid,email,profile,roles,offline_access}'::text[]`),
  /** SHA-256 of the client secret (shown once); null for a public client (PKCE only). */
  oidcClientSecretHash: text('oidc_client_secret_hash'),
  /** First-party: pre-approved by a super_admin, people are not asked to consent. */
  oidcFirstParty: boolean('oidc_first_party').notNull().default(false),
  /** Where the application receives back-channel logout tokens (same rules as redirect URIs). */
  oidcBackchannelLogoutUri: text('oidc_backchannel_logout_uri'),
  /**
   * Where the application starts its own sign-in (OpenID Connect's initiate_login_uri; same rules
   * as redirect URIs): a console link to it sends the person there. Null: none registered.
   */
  oidcInitiateLoginUri: text('oidc_initiate_login_uri'),
});

/**
 * What a person allowed an OpenID Connect application to receive, kept across its grants
 * (docs/product/sign-on.md#oidc-consent): asked once, and again only for a scope not yet allowed.
 */
export const oidcConsents = pgTable(
  'oidc_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => platformUsers.id, { onDelete: 'cascade' }),
    applicationId: uuid('application_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    scopes: text('scopes').array().notNull(),
    grantedAt: ts('granted_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('oidc_consents_user_app_key').on(t.userId, t.applicationId)],
);

/**
 * The OpenID Provider's state (authorization codes, tokens, grants, sessions, interactions),
 * one row per item as oidc-provider's adapter stores it, shared by every server process.
 * Tokens are found by their id, which is the token itself: rows live no longer than expires_at.
 */
export const oidcPayloads = pgTable(
  'oidc_payloads',
  {
    model: text('model').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    expiresAt: ts('expires_at'),
    consumedAt: ts('consumed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.model, t.id] }),
    index('oidc_payloads_grant_idx').on(t.grantId),
    index('oidc_payloads_uid_idx').on(t.uid),
    index('oidc_payloads_expires_idx').on(t.expiresAt),
  ],
);

/** Sessions: demo sessions (one per demo token) and password sessions. Tokens stored hashed. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => platformUsers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['demo', 'password'] }).notNull(),
    sessionTokenHash: text('session_token_hash').notNull(),
    refreshTokenHash: text('refresh_token_hash'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at'),
    refreshExpiresAt: ts('refresh_expires_at'),
    lastSeenAt: ts('last_seen_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    /** When a second factor was last proved in this session (docs/product/sign-in.md#step-up). */
    secondFactorAt: ts('second_factor_at'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_key').on(t.sessionTokenHash),
    uniqueIndex('sessions_refresh_hash_key').on(t.refreshTokenHash),
    index('sessions_user_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** Credential access requests and their review. */
export const adminActionApprovals = pgTable(
  'admin_action_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestingUserId: uuid('requesting_user_id')
      .notNull()
      .references(() => platformUsers.id, { onDelete: 'cascade' }),
    actionType: text('action_type').notNull(),
    targetAppId: uuid('target_app_id').references(() => applications.id, { onDelete: 'cascade' }),
    credentialType: text('credential_type', { enum: ['api_key', 'webhook_secret'] }),
    status: text('status').notNull().default('pending'),
    justification: text('justification').notNull(),
    reviewedBy: uuid('reviewed_by'),
    reviewReason: text('review_reason'),
    reviewedAt: ts('reviewed_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('admin_action_approvals_requester_idx').on(t.requestingUserId, t.createdAt.desc()),
    index('admin_action_approvals_status_idx').on(t.status, t.createdAt.desc()),
  ],
);

/** Time-limited credential grants; expiry is enforced by the server. */
export const credentialGrants = pgTable(
  'credential_grants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => platformUsers.id, { onDelete: 'cascade' }),
    appId: uuid('app_id')
      .notNull()
      .references(() => applications.id, { onDelete: 'cascade' }),
    credentialType: text('credential_type', { enum: ['api_key', 'webhook_secret'] }).notNull(),
    justification: text('justification').notNull(),
    timeLimitMinutes: integer('time_limit_minutes').notNull(),
    grantedAt: ts('granted_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    revokedBy: uuid('revoked_by'),
    expiryRecordedAt: ts('expiry_recorded_at'),
  },
  (t) => [index('credential_grants_user_idx').on(t.userId, t.expiresAt.desc())],
);

/**
 * Refresh tokens rotated away, as SHA-256 hashes: presenting one again means
 * it was copied, so the whole session ends. Kept until the session itself
 * could no longer be refreshed.
 */
export const rotatedRefreshTokens = pgTable(
  'rotated_refresh_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    rotatedAt: ts('rotated_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('rotated_refresh_tokens_session_idx').on(t.sessionId, t.expiresAt)],
);

/**
 * Audit trail. `seq` orders the hash chain; `hash` = HMAC-SHA-256 (under a key
 * kept outside the database) over the previous hash and this row's canonical
 * content; rows before the head's keyed_from_seq keep plain SHA-256 links. `client_event_id` makes retried
 * client batches idempotent.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    seq: bigint('seq', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    id: uuid('id').notNull().defaultRandom(),
    clientEventId: uuid('client_event_id'),
    source: text('source', { enum: ['console', 'startup', 'server'] }).notNull(),
    eventType: text('event_type').notNull(),
    severity: text('severity').notNull().default('low'),
    userId: uuid('user_id'),
    sessionId: text('session_id'),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    pageUrl: text('page_url'),
    details: jsonb('details').notNull().default({}),
    occurredAt: ts('occurred_at').notNull(),
    recordedAt: ts('recorded_at').notNull().defaultNow(),
    /** The time a browser claimed for an event it reported; occurred_at is when the server received it. */
    claimedAt: ts('claimed_at'),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull(),
  },
  (t) => [
    uniqueIndex('audit_events_client_event_id_key').on(t.clientEventId),
    index('audit_events_type_idx').on(t.eventType, t.seq.desc()),
    index('audit_events_recorded_idx').on(t.recordedAt.desc()),
    // The trail's actor, source and time filters (0012_audit_filter_indexes.sql).
    index('audit_events_user_idx').on(t.userId, t.seq.desc()),
    index('audit_events_source_idx').on(t.source, t.seq.desc()),
    index('audit_events_occurred_idx').on(t.occurredAt),
  ],
);

/**
 * Single-row head of the audit chain; locked FOR UPDATE to serialize appends
 * across processes. `checkpoint` is an HMAC over the other columns, so the head
 * cannot be moved back (truncation) without the key.
 */
export const auditChainHead = pgTable('audit_chain_head', {
  id: integer('id').primaryKey(),
  lastSeq: bigint('last_seq', { mode: 'number' }).notNull(),
  lastHash: text('last_hash').notNull(),
  eventCount: bigint('event_count', { mode: 'number' }).notNull().default(0),
  keyedFromSeq: bigint('keyed_from_seq', { mode: 'number' }).notNull().default(0),
  checkpoint: text('checkpoint'),
});

/**
 * The public halves of the Ed25519 keys that sign head checkpoints and exports, oldest first
 * (the private keys live outside the database). Every key but the first carries the statement
 * the key it replaced signed (audit/proof/signed-bytes.ts rotationBytes).
 */
export const auditSigningKeys = pgTable('audit_signing_keys', {
  keyId: text('key_id').primaryKey(),
  /** The public key as its JWK `x` (base64url of the 32 raw bytes). */
  publicKey: text('public_key').notNull(),
  createdAt: ts('created_at').notNull(),
  previousKeyId: text('previous_key_id'),
  /** The last checkpoint seq the previous key signed. */
  afterSeq: bigint('after_seq', { mode: 'number' }),
  rotationSignedAt: ts('rotation_signed_at'),
  rotationSignature: text('rotation_signature'),
});

/** Signed head checkpoints, one per head seq (audit/checkpoints.ts), for anyone to verify. */
export const auditCheckpoints = pgTable('audit_checkpoints', {
  seq: bigint('seq', { mode: 'number' }).primaryKey(),
  headHash: text('head_hash').notNull(),
  eventCount: bigint('event_count', { mode: 'number' }).notNull(),
  signedAt: ts('signed_at').notNull(),
  keyId: text('key_id').notNull(),
  signature: text('signature').notNull(),
});

/** The signed manifest of each audit export, as served (its exact JSON). */
export const auditExportManifests = pgTable(
  'audit_export_manifests',
  {
    id: uuid('id').primaryKey(),
    createdAt: ts('created_at').notNull(),
    manifest: text('manifest').notNull(),
  },
  (t) => [index('audit_export_manifests_created_idx').on(t.createdAt)],
);

/** Single-use sign-on codes (cross-platform step). Stored hashed. */
export const ssoCodes = pgTable('sso_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => platformUsers.id, { onDelete: 'cascade' }),
  appId: uuid('app_id')
    .notNull()
    .references(() => applications.id, { onDelete: 'cascade' }),
  redirectUrl: text('redirect_url').notNull(),
  createdAt: ts('created_at').notNull().defaultNow(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});

/** Rate-limit counters shared by every server process (fixed windows). */
export const rateLimits = pgTable('rate_limits', {
  bucket: text('bucket').primaryKey(),
  windowStart: ts('window_start').notNull(),
  count: integer('count').notNull(),
  /** Buckets that slow rather than refuse: when the next attempt's turn comes. */
  nextTurnAt: ts('next_turn_at'),
});

/**
 * Refusals that anyone may provoke without signing in, counted per kind,
 * address and window (audit/refusals.ts). Only some of them become audit
 * events; `reported` is how many of `count` the trail already accounts for.
 */
export const refusalTallies = pgTable(
  'refusal_tallies',
  {
    /** kind, window start and address (or account) in one key: one row per (kind, who, window). */
    bucket: text('bucket').primaryKey(),
    kind: text('kind').notNull(),
    address: text('address'),
    /** The account a signed-in caller's refusals are counted for; null when counted by address. */
    userId: uuid('user_id'),
    windowStart: ts('window_start').notNull(),
    count: integer('count').notNull(),
    reported: integer('reported').notNull().default(0),
    eventType: text('event_type').notNull(),
    severity: text('severity').notNull(),
  },
  (t) => [index('refusal_tallies_window_idx').on(t.windowStart)],
);

/** Small key/value settings, e.g. the hash of the setup confirmation key. */
export const appSettings = pgTable('app_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Outside endpoints that receive the trail's events (audit/sinks/). Each delivers from its own
 * cursor: every event up to `delivered_seq` has been delivered or left out by the filters. The
 * signing secret is sealed with a key outside the database (audit/sinks/sink-secret.ts); the
 * lease says which process delivers the sink until when (docs/decisions/023-audit-delivery-to-sinks.md).
 */
export const auditSinks = pgTable(
  'audit_sinks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    url: text('url').notNull(),
    eventTypes: jsonb('event_types').$type<string[]>().notNull().default([]),
    severities: jsonb('severities').$type<string[]>().notNull().default([]),
    enabled: boolean('enabled').notNull().default(true),
    secretSealed: text('secret_sealed').notNull(),
    deliveredSeq: bigint('delivered_seq', { mode: 'number' }).notNull(),
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error'),
    lastErrorAt: ts('last_error_at'),
    nextAttemptAt: ts('next_attempt_at'),
    pausedAt: ts('paused_at'),
    lastDeliveredAt: ts('last_delivered_at'),
    leaseOwner: text('lease_owner'),
    leaseUntil: ts('lease_until'),
    createdBy: uuid('created_by'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('audit_sinks_created_idx').on(t.createdAt)],
);
