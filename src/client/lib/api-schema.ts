/**
 * The API contract as TypeScript types, generated from GET /api/openapi.json
 * by `npm run api:types`. Do not edit: change the server's schemas and run it again.
 */
export interface paths {
  '/api/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Liveness and database reachability */
    get: operations['getHealth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/config': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Public settings the client needs */
    get: operations['getPublicConfig'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/sign-in': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in with email and password (production mode)
     * @description The answer is the same, and takes as long, whether or not the account exists. Per 15 minutes: 5 failures per account and address, 10 per address (an IPv6 /64; a /56 and a /48 get 4 and 16 times as many); past 5 failures an account slows (each attempt waits its turn) rather than refuses a fresh address. A success sets a device cookie: later attempts from that browser skip the slowing, with 5 failures of their own per window.
     */
    post: operations['signIn'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/sign-in/second-factor': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Complete a sign-in with an authenticator code or a recovery code
     * @description Takes the pending token the sign-in answered (202; it lives 5 minutes and opens one session) and the app's current code (one 30-second step either side is accepted, and never a step at or before the last one accepted) or an unused recovery code (each works once). Per 15 minutes: 5 wrong codes per account, then its codes are refused until the window ends. A success answers the session as the sign-in does and sets the device cookie.
     */
    post: operations['signInSecondFactor'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/refresh': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Exchange a refresh token for new tokens (the refresh token rotates) */
    post: operations['refreshSession'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/sign-out': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sign out: the session is revoked on the server */
    post: operations['signOut'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The signed-in account, its roles as of now, and whether its password must change */
    get: operations['getCurrentUser'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Change the password (required first when it was generated)
     * @description Every other session of the account ends; this one stays signed in.
     */
    post: operations['changePassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/sign-up': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create an account with the user role (only when ALLOW_SIGNUP=true)
     * @description The answer, and the time it takes, are the same for a free address, one that already has an account, a reserved one (the system administrators') and one with a pending invitation; each queues one mail to the address. For a free address the mail holds a link (`/auth/verify#token=…`, 24 hours, once) that creates the account; until then signing in answers as for an unknown address. 5 sign-ups per address per 15 minutes.
     */
    post: operations['signUp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Open a sign-up's verify link: creates the account it asked for
     * @description The token of the mailed link (`/auth/verify#token=…`) is sent in the body, never in the address. The link works once, for 24 hours: an unknown, used or expired one is answered 400 (verify_link_invalid) and changes nothing; 409 when the address got an account another way since. Each address may be refused 10 times per 15 minutes.
     */
    post: operations['verifySignUp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/mfa': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's second factors (never their secrets) and recovery codes left */
    get: operations['getMfaStatus'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/mfa/totp': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start setting up an authenticator app: its secret and otpauth:// URI
     * @description The secret (base32) and the URI for a QR code are shown this once. The app stays pending until a first code confirms it; starting again replaces a pending one. An account whose app is confirmed must remove it first (409).
     */
    post: operations['startTotpEnrolment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/mfa/totp/confirm': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Confirm the pending authenticator app with its first code; answers 10 recovery codes
     * @description From then on signing in asks for a code. The recovery codes are shown this once; each works once in place of a code. Wrong codes count toward the account's limit of 5 per 15 minutes, shared with the sign-in's second step.
     */
    post: operations['confirmTotpEnrolment'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/mfa/totp/remove': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Remove the authenticator app and its recovery codes, given a current code
     * @description The code is the app's current one or an unused recovery code. Wrong codes count toward the account's limit of 5 per 15 minutes, shared with the sign-in's second step.
     */
    post: operations['removeTotp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/mfa/recovery-codes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * 10 new recovery codes, given a current code; the old ones stop working
     * @description The code is the app's current one or an unused recovery code. Wrong codes count toward the account's limit of 5 per 15 minutes, shared with the sign-in's second step.
     */
    post: operations['regenerateRecoveryCodes'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/passkeys': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The account's passkeys: name, when added, when last used (never a key or an id) */
    get: operations['listPasskeys'];
    put?: never;
    /**
     * Register the passkey navigator.credentials.create() made from the options
     * @description From then on the account may sign in with it alone, and signing in with the password asks for a second step. The options' challenge lives 5 minutes, is bound to whoever asked for it and is answered once, right or wrong: a response over a challenge used, expired or asked for elsewhere is refused (401 `passkey_challenge_invalid`), as is one that fails verification (401 `passkey_refused`: wrong origin or relying party, unknown passkey, bad signature, or a sign counter that did not grow, a possible clone). Each refusal is on the audit trail.
     */
    post: operations['registerPasskey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/passkeys/registration-options': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Options to create a passkey (navigator.credentials.create), for this session
     * @description A discoverable credential with user verification preferred and no attestation; the account's passkeys are excluded. The challenge lives 5 minutes and only this session may answer it, once. An account holds at most 20 passkeys (409).
     */
    post: operations['passkeyRegistrationOptions'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/passkeys/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Rename one of the account’s passkeys */
    patch: operations['renamePasskey'];
    trace?: never;
  };
  '/api/auth/passkeys/confirmation-options': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Options to confirm with one of the account’s passkeys (before removing one)
     * @description Names the account's passkeys; the challenge lives 5 minutes and only this session may answer it, once. 404 when the account has no passkey.
     */
    post: operations['passkeyConfirmationOptions'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/passkeys/{id}/remove': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Remove a passkey, given a fresh second factor
     * @description Takes either `assertion`, what navigator.credentials.get() answered to this session's confirmation options (any of the account's passkeys, the one removed included), or `code`, the authenticator app's current code or an unused recovery code (wrong codes count toward the account's limit). The options' challenge lives 5 minutes, is bound to whoever asked for it and is answered once, right or wrong: a response over a challenge used, expired or asked for elsewhere is refused (401 `passkey_challenge_invalid`), as is one that fails verification (401 `passkey_refused`: wrong origin or relying party, unknown passkey, bad signature, or a sign counter that did not grow, a possible clone). Each refusal is on the audit trail.
     */
    post: operations['removePasskey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/sign-in/passkey/options': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Begin a sign-in with a passkey alone: options and the challenge id
     * @description No address needed: the browser offers the passkeys it holds for this site (discoverable credentials; user verification required). Send the assertion with `challenge_id` to /api/auth/sign-in/passkey within 5 minutes. Per 15 minutes an address may begin 300 (429 past that).
     */
    post: operations['passkeySignInOptions'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/sign-in/passkey': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in with a passkey alone
     * @description A success answers the session as the password sign-in does and sets the device cookie. The options' challenge lives 5 minutes, is bound to whoever asked for it and is answered once, right or wrong: a response over a challenge used, expired or asked for elsewhere is refused (401 `passkey_challenge_invalid`), as is one that fails verification (401 `passkey_refused`: wrong origin or relying party, unknown passkey, bad signature, or a sign counter that did not grow, a possible clone). Each refusal is on the audit trail. Per 15 minutes an address may send 10 responses that are refused (an unknown or expired pending token counts too); past that every response is refused (429) until the window ends. A response that signs in does not count.
     */
    post: operations['signInWithPasskey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/sign-in/second-factor/passkey-options': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Options for a passkey as the second step of a pending sign-in
     * @description Takes the pending token the sign-in answered (202, `methods` holding `passkey`); the challenge is bound to that pending sign-in. 401 when it has expired (it lives 5 minutes).
     */
    post: operations['passkeySecondFactorOptions'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/sign-in/second-factor/passkey': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Complete a sign-in with one of the account’s passkeys
     * @description Takes the pending token and what navigator.credentials.get() answered to its options. A success answers the session as the sign-in does and sets the device cookie. The options' challenge lives 5 minutes, is bound to whoever asked for it and is answered once, right or wrong: a response over a challenge used, expired or asked for elsewhere is refused (401 `passkey_challenge_invalid`), as is one that fails verification (401 `passkey_refused`: wrong origin or relying party, unknown passkey, bad signature, or a sign counter that did not grow, a possible clone). Each refusal is on the audit trail. Per 15 minutes an address may send 10 responses that are refused (an unknown or expired pending token counts too); past that every response is refused (429) until the window ends. A response that signs in does not count.
     */
    post: operations['signInSecondFactorPasskey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/step-up/passkey-options': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Options to confirm it is you with one of the account’s passkeys (a step-up)
     * @description Names the account's passkeys; the challenge lives 5 minutes and only this session may answer it, once, at /api/auth/step-up. 404 when the account has no passkey.
     */
    post: operations['stepUpPasskeyOptions'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/step-up': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Confirm it is you: the sensitive actions then pass for 5 minutes in this session
     * @description Takes either `code`, the authenticator app's current code or an unused recovery code (wrong codes count toward the account's limit of 5 per 15 minutes, shared with the sign-in), or `assertion`, what navigator.credentials.get() answered to this session's step-up options. Approving or denying a credential request, granting super_admin, exporting users, resetting another account's second factors and changing the second factor's policy answer 403 `step_up_required` (with `methods`) without one in the last 5 minutes, when the account has a second factor. Every step-up asked, passed and failed is on the audit trail.
     */
    post: operations['stepUp'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/settings/second-factor-policy': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Who must have a second factor: not_required, administrators or everyone */
    get: operations['getSecondFactorPolicy'];
    /**
     * Set who must have a second factor (super_admin)
     * @description An account the policy covers that has no second factor then reaches only its own account's basics and the set-up until it has one (403 `second_factor_enrolment_required`). A change is on the audit trail (high). Asks for a step-up: 403 `step_up_required` (with `methods`) unless a second factor was proved in this session within the last minutes (see /api/auth/step-up).
     */
    put: operations['setSecondFactorPolicy'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/users/{id}/reset-second-factor': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Reset another account's two-step sign-in (super_admin), saying why
     * @description Removes the account's authenticator app, recovery codes and passkeys, ends its sessions, and makes it set up a second factor again at its next sign-in. Never one's own account (400 `own_account`). On the audit trail (high) with the reason. Asks for a step-up: 403 `step_up_required` (with `methods`) unless a second factor was proved in this session within the last minutes (see /api/auth/step-up).
     */
    post: operations['resetSecondFactor'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/audit/sinks': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The registered audit sinks and how far each has been delivered (super_admin) */
    get: operations['listAuditSinks'];
    put?: never;
    /**
     * Register an audit sink (super_admin)
     * @description The URL must use https (plain http only for localhost, 127.0.0.0/8 or [::1]) and may not name a private or link-local address. `event_types` are exact types or prefixes like `auth.*`; empty lists keep every event. Delivery starts with the events after the trail's head now, the sink's own creation event first. On the audit trail (high). The answer holds the signing secret: it is shown this once and never again (rotate to get a new one). Asks for a step-up: 403 `step_up_required` (with `methods`) unless a second factor was proved in this session within the last minutes (see /api/auth/step-up).
     */
    post: operations['createAuditSink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/audit/sinks/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove an audit sink (super_admin)
     * @description Nothing more is delivered to it. On the audit trail (high). Asks for a step-up: 403 `step_up_required` (with `methods`) unless a second factor was proved in this session within the last minutes (see /api/auth/step-up).
     */
    delete: operations['deleteAuditSink'];
    options?: never;
    head?: never;
    /**
     * Change an audit sink's name, URL, filters or switch (super_admin)
     * @description A disabled sink keeps its place: enabled again, it delivers from where it stopped. A change is on the audit trail (high) with what changed. Asks for a step-up: 403 `step_up_required` (with `methods`) unless a second factor was proved in this session within the last minutes (see /api/auth/step-up).
     */
    patch: operations['updateAuditSink'];
    trace?: never;
  };
  '/api/admin/audit/sinks/{id}/rotate-secret': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Replace an audit sink's signing secret (super_admin)
     * @description Deliveries from now on are signed with the new secret. On the audit trail (high). The answer holds the signing secret: it is shown this once and never again (rotate to get a new one). Asks for a step-up: 403 `step_up_required` (with `methods`) unless a second factor was proved in this session within the last minutes (see /api/auth/step-up).
     */
    post: operations['rotateAuditSinkSecret'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/audit/sinks/{id}/resume': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Resume a paused audit sink from where it stopped (super_admin)
     * @description Clears the failures and delivers again at once, starting with the batch that failed. On the audit trail (medium).
     */
    post: operations['resumeAuditSink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/audit/sinks/{id}/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Send an audit sink a signed test delivery and say what it answered (super_admin)
     * @description The body is `{ "sink_id", "test": true, "events": [] }`, signed like every delivery; the cursor does not move. On the audit trail with the outcome (medium).
     */
    post: operations['testAuditSink'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/sessions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's own sessions, newest first, at most 5 */
    get: operations['listOwnSessions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/sessions/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** End one of your other sessions */
    delete: operations['revokeSession'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/sessions/revoke-others': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** End every session of yours except the one in use */
    post: operations['revokeOtherSessions'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/sso/applications': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The registered application a sign-on link names, by id or short name (hirehub): public facts only */
    get: operations['findSsoApplication'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/sso/initiate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Start the cross-platform sign-on step: a single-use code for a registered application
     * @deprecated
     * @description Deprecated: in production mode it answers 404 unless SSO_LEGACY_EXCHANGE=on (docs/api/sign-on.md); applications sign in with OpenID Connect. At most 100 starts per account (per client address for a demo session) in 15 minutes; past it 429 with Retry-After.
     */
    post: operations['initiateSso'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/sso/exchange': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Trade a sign-on code, once, for the user's identity (the application's API key as bearer)
     * @deprecated
     * @description Deprecated: in production mode it answers 404 unless SSO_LEGACY_EXCHANGE=on (docs/api/sign-on.md); applications sign in with OpenID Connect.
     */
    post: operations['exchangeSsoCode'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oidc/interactions/{uid}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The application an OpenID Connect sign-in waits for, and what it will receive */
    get: operations['getOidcInteraction'];
    put?: never;
    /**
     * Continue to the application as the signed-in person: the browser goes back to the provider for the code
     * @description When the application must be allowed first (consent_required), the body says allow or decline; without it the answer is 409. Declining sends the application access_denied.
     */
    post: operations['completeOidcInteraction'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oidc/consents': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The applications you have allowed to receive your details, and what each receives */
    get: operations['listConnectedApplications'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oidc/consents/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Take back an application's access: asked again next time, signed out of it now
     * @description Forgets what you allowed the application (id: the application's id); your sign-ins to it end in every session, and an application with a back-channel logout URI is told. 404 when it has no access.
     */
    delete: operations['removeApplicationAccess'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/apps/{id}/oidc-client': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /**
     * Register an application as an OpenID Connect client, or change it; a new secret is shown once
     * @description Redirect URIs are matched exactly and must use https (http only on a loopback address). A confidential client gets a secret the first time, or when new_secret is true; a public client has none and relies on PKCE. initiate_login_uri (same rules) is where the application starts its own sign-in: a console link to it sends the person there with iss and target_link_uri. Asks for a step-up like the other credential changes.
     */
    put: operations['configureOidcClient'];
    post?: never;
    /**
     * Remove an application's sign-in: its client stops working, everyone is signed out
     * @description Everyone signed in to the application through the console is signed out of it (back-channel logout where registered), what people allowed it is forgotten, and its client id and secret stop working. Registering it again gives a new secret. Asks for a step-up like the other credential changes; 404 when the application does not sign people in.
     */
    delete: operations['removeOidcClient'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/apps': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Registered applications (flags only; a secret never leaves the server) */
    get: operations['listApplications'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/credential-requests': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's recent requests, and others' requests for a super_admin to review */
    get: operations['listCredentialRequests'];
    put?: never;
    /** Request access to an API key or webhook secret (pending approval) */
    post: operations['createCredentialRequest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/credential-requests/{id}/approve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Approve another person's pending request (super_admin)
     * @description Asks for a step-up: 403 `step_up_required` (with `methods`) unless a second factor was proved in this session within the last minutes (see /api/auth/step-up).
     */
    post: operations['approveCredentialRequest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/credential-requests/{id}/deny': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Deny another person's pending request (super_admin)
     * @description Asks for a step-up: 403 `step_up_required` (with `methods`) unless a second factor was proved in this session within the last minutes (see /api/auth/step-up).
     */
    post: operations['denyCredentialRequest'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/credential-grants': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Request time-limited access to a credential (granted or refused by policy) */
    post: operations['createCredentialGrant'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/credential-grants/active': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller's grants that are neither revoked nor expired */
    get: operations['listActiveCredentialGrants'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/credential-grants/{id}/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** End a grant early (its holder, or a super_admin) */
    post: operations['revokeCredentialGrant'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/audit': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The audit trail, newest first, filtered by type, severity, actor, source and time, in pages */
    get: operations['listAuditEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/audit/stream': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * New audit events as they are recorded (Server-Sent Events), filtered like the list
     * @description One message per event, `id: <seq>` and `data: <the list's event JSON>`, oldest first. It sends the events after the `Last-Event-ID` header or, without it, after `after`; with neither, only events recorded from now on. A comment line every 15 s keeps the connection open; the stream ends when the session does. At most 5 open streams per account (429); in demo mode 5 per demo session and 10 per client address.
     */
    get: operations['streamAuditEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/audit/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The filtered trail as CSV or JSON Lines, with a signed manifest (the export is itself audited)
     * @description `format=jsonl` gives one JSON event per line; CSV otherwise. The `X-Audit-Export-Id` header names the export's signed manifest, served by `GET /api/admin/audit/exports/{id}/manifest` (also in the `Link` header, rel `describedby`).
     */
    get: operations['exportAuditEvents'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/audit/exports/{id}/manifest': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * An export's signed manifest: its filters, rows, hashes and covering checkpoint
     * @description Kept for 7 days after the export. Check a file against it with `npm run audit:verify-export -- <file> <manifest>`.
     */
    get: operations['getAuditExportManifest'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/audit/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Walks the keyed hash chain and its signed head; names the failed check */
    get: operations['verifyAuditChain'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/summary': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Counts behind the Overview tab: users, requests awaiting review, audit events today */
    get: operations['getAdminSummary'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/analytics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Sign-ins, role changes and credential requests per day (UTC) from the audit trail
     * @description Both ends included; by default the last 14 days up to today.
     */
    get: operations['getAdminAnalytics'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/setup/system-admins': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create the three system administrators (once, at initial setup)
     * @description Needs the setup confirmation key in the body (confirmation_key), whoever calls: a missing key is answered 401, a wrong one 403.
     */
    post: operations['createSystemAdmins'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/setup/clear-all-users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Delete every user and the audit trail; start a new chain
     * @description Needs the setup confirmation key in the body (confirmation_key), whoever calls: a missing key is answered 401, a wrong one 403.
     */
    post: operations['clearAllUsers'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/setup/cleanup-all-users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Remove deactivated accounts, dead sessions, ended grants and spent codes
     * @description Needs the setup confirmation key in the body (confirmation_key), whoever calls: a missing key is answered 401, a wrong one 403.
     */
    post: operations['cleanupUsers'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/setup/mail-outbox': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * The mails waiting to be sent, oldest first (at most 100)
     * @description For the operator's mailer (docs/operations.md): it sends each and marks it sent. Needs the setup confirmation key in the body (confirmation_key), whoever calls: a missing key is answered 401, a wrong one 403.
     */
    post: operations['readMailOutbox'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/setup/mail-outbox/sent': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Mark mails of the outbox sent (their bodies are emptied)
     * @description Ids that are unknown or already sent are not counted. Needs the setup confirmation key in the body (confirmation_key), whoever calls: a missing key is answered 401, a wrong one 403.
     */
    post: operations['markMailsSent'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/users/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Every user of the list's search and filters, in its order, as CSV, streamed
     * @description Takes the users list's q, role, status, org, never, sort and dir, with the same meaning and the same 400s, and gives every matching user in that order (no page, no cursor). Cells that a spreadsheet would run as a formula are prefixed with an apostrophe. The export is recorded in the audit trail, with what it selected, before its first row is sent. It asks for a step-up (403 `step_up_required`, see /api/auth/step-up).
     */
    get: operations['exportUsers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Search, filter, sort and page through platform users
     * @description Case-insensitive substring search over email, full name and organization (trigram index), filters by roles in force, status, organization and never signed in (combined with AND), and one of five orders (newest first by default; users without the sort value last either way). Keyset pagination: pass next_cursor as cursor with the same sort and dir.
     */
    get: operations['listUsers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/users/facets': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * How many users each filter option of the users list would show
     * @description With the list's search and filters: each option counts the users matching the search, every other facet's filter and that option. Exact below 10,000; from there on the count is the cap and exact is false. At most 50 organizations, the selected ones always among them.
     */
    get: operations['getUserFacets'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/users/bulk': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Activate, deactivate, grant or revoke a role for several users at once
     * @description Up to 100 users, in one transaction, each checked with the rules of the single change. Users a rule refuses are skipped and listed with the reason; the others are applied (partial success). Granting or revoking super_admin without super_admin refuses the whole request. Granting super_admin asks for a step-up (403 `step_up_required`, see /api/auth/step-up).
     */
    post: operations['bulkChangeUsers'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/users/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /** Update a user's email, name, organization, department or active flag */
    patch: operations['updateUser'];
    trace?: never;
  };
  '/api/admin/users/{id}/roles': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A user's role records, newest grant first */
    get: operations['getUserRoles'];
    /**
     * Turn roles on or off (only the toggles that changed)
     * @description In one transaction: on reactivates the existing record or inserts one granted by the caller; off sets is_active false. Records are never deleted. Turning super_admin on asks for a step-up (403 `step_up_required`, see /api/auth/step-up).
     */
    put: operations['updateUserRoles'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/invitations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The 100 most recent invitations with their status, newest first
     * @description Status is computed from the times: revoked, accepted, expired (72 hours after creation) or pending. No link or token is ever listed.
     */
    get: operations['listInvitations'];
    put?: never;
    /**
     * Invite someone by email with roles; the answer holds the one-time link
     * @description The link (`/auth/invite#token=…`) works for 72 hours and once. It is in this answer only: the server keeps the token's SHA-256 hash and never lists it. Only a super_admin may invite with super_admin. An address with an account, a pending invitation or reserved for a system administrator is refused (409).
     */
    post: operations['createInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/invitations/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Revoke an invitation: its link stops working
     * @description An invitation already used or revoked answers 409. One that grants super_admin needs a super_admin.
     */
    delete: operations['revokeInvitation'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/invitations/inspect': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Who an invitation link is for, before it is accepted
     * @description The token is sent in the body, never in the address. 404 for a link that names no invitation, 410 for one expired, used or revoked. Each address may be refused 10 times per 15 minutes.
     */
    post: operations['inspectInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/invitations/accept': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Accept an invitation with a password: creates the account and signs it in
     * @description The password follows sign-up's rules. Single use: of two accepts at once, one creates the account and the other gets 410. The answer is the sign-in's.
     */
    post: operations['acceptInvitation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/audit/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Store a batch of client audit events (each client id once) */
    post: operations['recordAuditEvents'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/audit/public-key': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The Ed25519 keys that sign the audit checkpoints and exports, with their rotations
     * @description Each key as JWK (its `kid` the RFC 7638 thumbprint) and PEM, oldest first; every key but the first carries the statement, signed by the key before it, that brought it in. Save the first key id you see and pass it to `npm run audit:verify-checkpoints -- --trust <key id>`.
     */
    get: operations['getAuditPublicKeys'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/audit/checkpoints': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Signed head checkpoints of the audit trail, oldest first, in pages
     * @description Each signature is Ed25519 over six lines joined by a line feed: `talent-audit-checkpoint-v1`, `seq:<seq>`, `head:<head_hash>`, `count:<event_count>`, `time:<signed_at>`, `key:<key_id>` (docs/api/audit-trail.md#signed-checkpoints). Page with `after` = the previous page's `next_cursor`.
     */
    get: operations['listAuditCheckpoints'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    Health: {
      /** @enum {string} */
      status: 'ok' | 'degraded';
      /** @enum {string} */
      database: 'reachable' | 'unreachable';
      /** @enum {string} */
      databaseKind: 'pglite' | 'postgres';
      uptimeSeconds: number;
    };
    Error: {
      error: {
        /** @example validation_failed */
        code: string;
        /** @example email: Enter a valid email address */
        message: string;
        methods?: string[];
      };
    };
    PublicConfig: {
      demoMode: boolean;
      allowSignup: boolean;
      ecosystemLinks: {
        home: string;
        sortstak: string;
        roleBuilder: string;
        qrc: string;
        talentspark: string;
      };
      ssoDemo: {
        appId: string;
        appName: string;
        callbackUrl: string;
      } | null;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Healthy */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Health'];
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Database unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Health'];
        };
      };
    };
  };
  getPublicConfig: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Public configuration */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['PublicConfig'];
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  signIn: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "amara.okafor@hirehub.example",
         *       "password": "correct horse battery staple"
         *     }
         */
        'application/json': {
          email: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description Signed in */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            access_token: string;
            refresh_token: string;
            /** @enum {string} */
            token_type: 'bearer';
            expires_in: number;
            expires_at: number;
            user: {
              /** Format: uuid */
              id: string;
              email: string;
              user_metadata: {
                full_name: string;
              };
              roles: ('user' | 'platform_admin' | 'super_admin')[];
            };
            must_change_password: boolean;
            second_factor_enrolment_required: boolean;
          };
        };
      };
      /** @description The password is right and the account has a second factor: no session yet. `methods` says which: `totp`, send a code with the pending token to /api/auth/sign-in/second-factor; `passkey`, ask /api/auth/sign-in/second-factor/passkey-options and send the assertion to /api/auth/sign-in/second-factor/passkey */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            second_factor_required: true;
            pending_token: string;
            expires_in: number;
            methods: ('totp' | 'passkey')[];
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  signInSecondFactor: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "pending_token": "hY3k9Qm2Zx7Lp4Ws8Rt1Vb6Nc0Fd5Gj2Kq7Mz3Xa9Es4",
         *       "code": "492039"
         *     }
         */
        'application/json': {
          pending_token: string;
          code: string;
        };
      };
    };
    responses: {
      /** @description Signed in */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            access_token: string;
            refresh_token: string;
            /** @enum {string} */
            token_type: 'bearer';
            expires_in: number;
            expires_at: number;
            user: {
              /** Format: uuid */
              id: string;
              email: string;
              user_metadata: {
                full_name: string;
              };
              roles: ('user' | 'platform_admin' | 'super_admin')[];
            };
            must_change_password: boolean;
            second_factor_enrolment_required: boolean;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  refreshSession: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "refresh_token": "hY3k9Qm2Zx7Lp4Ws8Rt1Vb6Nc0Fd5Gj2Kq7Mz3Xa9Es4"
         *     }
         */
        'application/json': {
          refresh_token: string;
        };
      };
    };
    responses: {
      /** @description New tokens */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            access_token: string;
            refresh_token: string;
            /** @enum {string} */
            token_type: 'bearer';
            expires_in: number;
            expires_at: number;
            user: {
              /** Format: uuid */
              id: string;
              email: string;
              user_metadata: {
                full_name: string;
              };
              roles: ('user' | 'platform_admin' | 'super_admin')[];
            };
            must_change_password: boolean;
            second_factor_enrolment_required: boolean;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  signOut: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Signed out */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getCurrentUser: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The caller */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            user: {
              /** Format: uuid */
              id: string;
              email: string;
              user_metadata: {
                full_name: string;
              };
              roles: ('user' | 'platform_admin' | 'super_admin')[];
            };
            /** Format: uuid */
            session_id: string;
            must_change_password: boolean;
            second_factor_enrolment_required: boolean;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  changePassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "current_password": "correct horse battery staple",
         *       "new_password": "a longer passphrase of my own"
         *     }
         */
        'application/json': {
          current_password: string;
          new_password: string;
        };
      };
    };
    responses: {
      /** @description Password changed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            user: {
              /** Format: uuid */
              id: string;
              email: string;
              user_metadata: {
                full_name: string;
              };
              roles: ('user' | 'platform_admin' | 'super_admin')[];
            };
            /** Format: uuid */
            session_id: string;
            must_change_password: boolean;
            second_factor_enrolment_required: boolean;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  signUp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "full_name": "New Member",
         *       "email": "new.member@example.com",
         *       "password": "a longer passphrase of my own"
         *     }
         */
        'application/json': {
          full_name: string;
          email: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description Taken in and a mail queued: the same answer whether or not the address already had an account */
      202: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            message: string;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  verifySignUp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "token": "hY3k9Qm2Zx7Lp4Ws8Rt1Vb6Nc0Fd5Gj2Kq7Mz3Xa9Es4"
         *     }
         */
        'application/json': {
          token: string;
        };
      };
    };
    responses: {
      /** @description Address verified: the account exists */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            email: string;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getMfaStatus: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Second factors */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            factors: {
              /** @enum {string} */
              kind: 'totp';
              created_at: string;
              last_used_at: string | null;
            }[];
            totp_pending: boolean;
            recovery_codes_remaining: number;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  startTotpEnrolment: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Enrolment started */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            secret: string;
            otpauth_uri: string;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  confirmTotpEnrolment: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "code": "492039"
         *     }
         */
        'application/json': {
          code: string;
        };
      };
    };
    responses: {
      /** @description Confirmed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            recovery_codes: string[];
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  removeTotp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "code": "492039"
         *     }
         */
        'application/json': {
          code: string;
        };
      };
    };
    responses: {
      /** @description Removed */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  regenerateRecoveryCodes: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "code": "492039"
         *     }
         */
        'application/json': {
          code: string;
        };
      };
    };
    responses: {
      /** @description New recovery codes */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            recovery_codes: string[];
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listPasskeys: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Passkeys, oldest first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            passkeys: {
              /** Format: uuid */
              id: string;
              name: string;
              created_at: string;
              last_used_at: string | null;
              backed_up: boolean;
            }[];
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  registerPasskey: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "response": {
         *         "id": "mRx3Q2l0ZXN0LWNyZWRlbnRpYWw",
         *         "rawId": "mRx3Q2l0ZXN0LWNyZWRlbnRpYWw",
         *         "type": "public-key",
         *         "response": {
         *           "clientDataJSON": "eyJ0eXBlIjoid2ViYXV0aG4uY3JlYXRlIn0",
         *           "attestationObject": "o2NmbXRkbm9uZWdhdHRTdG10oGhhdXRoRGF0YQ",
         *           "transports": [
         *             "internal",
         *             "hybrid"
         *           ]
         *         },
         *         "clientExtensionResults": {}
         *       },
         *       "name": "Work laptop"
         *     }
         */
        'application/json': {
          response: {
            id: string;
            rawId: string;
            /** @enum {string} */
            type: 'public-key';
            response: {
              clientDataJSON: string;
              attestationObject: string;
              authenticatorData?: string;
              transports?: string[];
              publicKeyAlgorithm?: number;
              publicKey?: string;
            };
            /** @enum {string} */
            authenticatorAttachment?: 'platform' | 'cross-platform';
            clientExtensionResults: {
              [key: string]: unknown;
            };
          };
          name?: string;
        };
      };
    };
    responses: {
      /** @description Registered */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string;
            created_at: string;
            last_used_at: string | null;
            backed_up: boolean;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  passkeyRegistrationOptions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Creation options */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            options: {
              rp: {
                name: string;
                id?: string;
              };
              user: {
                id: string;
                name: string;
                displayName: string;
              };
              challenge: string;
              pubKeyCredParams: {
                alg: number;
                /** @enum {string} */
                type: 'public-key';
              }[];
              timeout?: number;
              excludeCredentials?: {
                id: string;
                /** @enum {string} */
                type: 'public-key';
                transports?: string[];
              }[];
              authenticatorSelection?: {
                /** @enum {string} */
                authenticatorAttachment?: 'platform' | 'cross-platform';
                requireResidentKey?: boolean;
                /** @enum {string} */
                residentKey?: 'discouraged' | 'preferred' | 'required';
                /** @enum {string} */
                userVerification?: 'discouraged' | 'preferred' | 'required';
              };
              hints?: string[];
              /** @enum {string} */
              attestation?: 'none' | 'indirect' | 'direct' | 'enterprise';
              extensions?: {
                [key: string]: unknown;
              };
            };
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  renamePasskey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "Phone"
         *     }
         */
        'application/json': {
          name: string;
        };
      };
    };
    responses: {
      /** @description Renamed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            name: string;
            created_at: string;
            last_used_at: string | null;
            backed_up: boolean;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  passkeyConfirmationOptions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Request options */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            options: {
              challenge: string;
              timeout?: number;
              rpId?: string;
              allowCredentials?: {
                id: string;
                /** @enum {string} */
                type: 'public-key';
                transports?: string[];
              }[];
              /** @enum {string} */
              userVerification?: 'discouraged' | 'preferred' | 'required';
              hints?: string[];
              extensions?: {
                [key: string]: unknown;
              };
            };
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  removePasskey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "assertion": {
         *         "id": "mRx3Q2l0ZXN0LWNyZWRlbnRpYWw",
         *         "rawId": "mRx3Q2l0ZXN0LWNyZWRlbnRpYWw",
         *         "type": "public-key",
         *         "response": {
         *           "clientDataJSON": "eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0",
         *           "authenticatorData": "SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ",
         *           "signature": "MEUCIQDx",
         *           "userHandle": "AAECAwQFBgcICQoLDA0ODw"
         *         },
         *         "clientExtensionResults": {}
         *       }
         *     }
         */
        'application/json':
          | {
              assertion: {
                id: string;
                rawId: string;
                /** @enum {string} */
                type: 'public-key';
                response: {
                  clientDataJSON: string;
                  authenticatorData: string;
                  signature: string;
                  userHandle?: string;
                };
                /** @enum {string} */
                authenticatorAttachment?: 'platform' | 'cross-platform';
                clientExtensionResults: {
                  [key: string]: unknown;
                };
              };
            }
          | {
              code: string;
            };
      };
    };
    responses: {
      /** @description Removed */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  passkeySignInOptions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Request options */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            challenge_id: string;
            options: {
              challenge: string;
              timeout?: number;
              rpId?: string;
              allowCredentials?: {
                id: string;
                /** @enum {string} */
                type: 'public-key';
                transports?: string[];
              }[];
              /** @enum {string} */
              userVerification?: 'discouraged' | 'preferred' | 'required';
              hints?: string[];
              extensions?: {
                [key: string]: unknown;
              };
            };
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  signInWithPasskey: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "challenge_id": "hY3k9Qm2Zx7Lp4Ws8Rt1Vb6Nc0Fd5Gj2Kq7Mz3Xa9Es4",
         *       "response": {
         *         "id": "mRx3Q2l0ZXN0LWNyZWRlbnRpYWw",
         *         "rawId": "mRx3Q2l0ZXN0LWNyZWRlbnRpYWw",
         *         "type": "public-key",
         *         "response": {
         *           "clientDataJSON": "eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0",
         *           "authenticatorData": "SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ",
         *           "signature": "MEUCIQDx",
         *           "userHandle": "AAECAwQFBgcICQoLDA0ODw"
         *         },
         *         "clientExtensionResults": {}
         *       }
         *     }
         */
        'application/json': {
          challenge_id: string;
          response: {
            id: string;
            rawId: string;
            /** @enum {string} */
            type: 'public-key';
            response: {
              clientDataJSON: string;
              authenticatorData: string;
              signature: string;
              userHandle?: string;
            };
            /** @enum {string} */
            authenticatorAttachment?: 'platform' | 'cross-platform';
            clientExtensionResults: {
              [key: string]: unknown;
            };
          };
        };
      };
    };
    responses: {
      /** @description Signed in */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            access_token: string;
            refresh_token: string;
            /** @enum {string} */
            token_type: 'bearer';
            expires_in: number;
            expires_at: number;
            user: {
              /** Format: uuid */
              id: string;
              email: string;
              user_metadata: {
                full_name: string;
              };
              roles: ('user' | 'platform_admin' | 'super_admin')[];
            };
            must_change_password: boolean;
            second_factor_enrolment_required: boolean;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  passkeySecondFactorOptions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "pending_token": "hY3k9Qm2Zx7Lp4Ws8Rt1Vb6Nc0Fd5Gj2Kq7Mz3Xa9Es4"
         *     }
         */
        'application/json': {
          pending_token: string;
        };
      };
    };
    responses: {
      /** @description Request options */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            options: {
              challenge: string;
              timeout?: number;
              rpId?: string;
              allowCredentials?: {
                id: string;
                /** @enum {string} */
                type: 'public-key';
                transports?: string[];
              }[];
              /** @enum {string} */
              userVerification?: 'discouraged' | 'preferred' | 'required';
              hints?: string[];
              extensions?: {
                [key: string]: unknown;
              };
            };
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  signInSecondFactorPasskey: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "pending_token": "hY3k9Qm2Zx7Lp4Ws8Rt1Vb6Nc0Fd5Gj2Kq7Mz3Xa9Es4",
         *       "response": {
         *         "id": "mRx3Q2l0ZXN0LWNyZWRlbnRpYWw",
         *         "rawId": "mRx3Q2l0ZXN0LWNyZWRlbnRpYWw",
         *         "type": "public-key",
         *         "response": {
         *           "clientDataJSON": "eyJ0eXBlIjoid2ViYXV0aG4uZ2V0In0",
         *           "authenticatorData": "SZYN5YgOjGh0NBcPZHZgW4_krrmihjLHmVzzuoMdl2MFAAAAAQ",
         *           "signature": "MEUCIQDx",
         *           "userHandle": "AAECAwQFBgcICQoLDA0ODw"
         *         },
         *         "clientExtensionResults": {}
         *       }
         *     }
         */
        'application/json': {
          pending_token: string;
          response: {
            id: string;
            rawId: string;
            /** @enum {string} */
            type: 'public-key';
            response: {
              clientDataJSON: string;
              authenticatorData: string;
              signature: string;
              userHandle?: string;
            };
            /** @enum {string} */
            authenticatorAttachment?: 'platform' | 'cross-platform';
            clientExtensionResults: {
              [key: string]: unknown;
            };
          };
        };
      };
    };
    responses: {
      /** @description Signed in */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            access_token: string;
            refresh_token: string;
            /** @enum {string} */
            token_type: 'bearer';
            expires_in: number;
            expires_at: number;
            user: {
              /** Format: uuid */
              id: string;
              email: string;
              user_metadata: {
                full_name: string;
              };
              roles: ('user' | 'platform_admin' | 'super_admin')[];
            };
            must_change_password: boolean;
            second_factor_enrolment_required: boolean;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  stepUpPasskeyOptions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Request options */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            options: {
              challenge: string;
              timeout?: number;
              rpId?: string;
              allowCredentials?: {
                id: string;
                /** @enum {string} */
                type: 'public-key';
                transports?: string[];
              }[];
              /** @enum {string} */
              userVerification?: 'discouraged' | 'preferred' | 'required';
              hints?: string[];
              extensions?: {
                [key: string]: unknown;
              };
            };
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  stepUp: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "code": "492039"
         *     }
         */
        'application/json':
          | {
              assertion: {
                id: string;
                rawId: string;
                /** @enum {string} */
                type: 'public-key';
                response: {
                  clientDataJSON: string;
                  authenticatorData: string;
                  signature: string;
                  userHandle?: string;
                };
                /** @enum {string} */
                authenticatorAttachment?: 'platform' | 'cross-platform';
                clientExtensionResults: {
                  [key: string]: unknown;
                };
              };
            }
          | {
              code: string;
            };
      };
    };
    responses: {
      /** @description Confirmed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            second_factor_at: string;
            valid_until: string;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getSecondFactorPolicy: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The policy */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            policy: 'not_required' | 'administrators' | 'everyone';
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  setSecondFactorPolicy: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "policy": "administrators"
         *     }
         */
        'application/json': {
          /** @enum {string} */
          policy: 'not_required' | 'administrators' | 'everyone';
        };
      };
    };
    responses: {
      /** @description The policy now */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            policy: 'not_required' | 'administrators' | 'everyone';
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  resetSecondFactor: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "reason": "Lost their phone"
         *     }
         */
        'application/json': {
          reason: string;
        };
      };
    };
    responses: {
      /** @description What was removed and ended */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            user_id: string;
            totp_removed: boolean;
            recovery_codes_removed: number;
            passkeys_removed: number;
            sessions_ended: number;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listAuditSinks: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every sink, oldest first; no secrets */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            sinks: {
              id: string;
              name: string;
              url: string;
              event_types: string[];
              severities: ('info' | 'low' | 'medium' | 'high' | 'critical')[];
              enabled: boolean;
              /** @enum {string} */
              state: 'active' | 'paused' | 'disabled';
              delivered_seq: number;
              lag: number;
              failures: number;
              last_error: string | null;
              last_error_at: string | null;
              paused_at: string | null;
              next_attempt_at: string | null;
              last_delivered_at: string | null;
              created_at: string;
              updated_at: string;
            }[];
            head_seq: number;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createAuditSink: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "name": "SIEM",
         *       "url": "https://siem.example.com/audit",
         *       "event_types": [
         *         "auth.*"
         *       ],
         *       "severities": [
         *         "high",
         *         "critical"
         *       ],
         *       "enabled": true
         *     }
         */
        'application/json': {
          name: string;
          url: string;
          /** @default [] */
          event_types?: string[];
          /** @default [] */
          severities?: ('info' | 'low' | 'medium' | 'high' | 'critical')[];
          /** @default true */
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description The sink, with its secret */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            url: string;
            event_types: string[];
            severities: ('info' | 'low' | 'medium' | 'high' | 'critical')[];
            enabled: boolean;
            /** @enum {string} */
            state: 'active' | 'paused' | 'disabled';
            delivered_seq: number;
            lag: number;
            failures: number;
            last_error: string | null;
            last_error_at: string | null;
            paused_at: string | null;
            next_attempt_at: string | null;
            last_delivered_at: string | null;
            created_at: string;
            updated_at: string;
            secret: string;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  deleteAuditSink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateAuditSink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "enabled": false
         *     }
         */
        'application/json': {
          name?: string;
          url?: string;
          event_types?: string[];
          severities?: ('info' | 'low' | 'medium' | 'high' | 'critical')[];
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description The sink now */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            url: string;
            event_types: string[];
            severities: ('info' | 'low' | 'medium' | 'high' | 'critical')[];
            enabled: boolean;
            /** @enum {string} */
            state: 'active' | 'paused' | 'disabled';
            delivered_seq: number;
            lag: number;
            failures: number;
            last_error: string | null;
            last_error_at: string | null;
            paused_at: string | null;
            next_attempt_at: string | null;
            last_delivered_at: string | null;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  rotateAuditSinkSecret: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The sink, with its new secret */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            url: string;
            event_types: string[];
            severities: ('info' | 'low' | 'medium' | 'high' | 'critical')[];
            enabled: boolean;
            /** @enum {string} */
            state: 'active' | 'paused' | 'disabled';
            delivered_seq: number;
            lag: number;
            failures: number;
            last_error: string | null;
            last_error_at: string | null;
            paused_at: string | null;
            next_attempt_at: string | null;
            last_delivered_at: string | null;
            created_at: string;
            updated_at: string;
            secret: string;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  resumeAuditSink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The sink now */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            id: string;
            name: string;
            url: string;
            event_types: string[];
            severities: ('info' | 'low' | 'medium' | 'high' | 'critical')[];
            enabled: boolean;
            /** @enum {string} */
            state: 'active' | 'paused' | 'disabled';
            delivered_seq: number;
            lag: number;
            failures: number;
            last_error: string | null;
            last_error_at: string | null;
            paused_at: string | null;
            next_attempt_at: string | null;
            last_delivered_at: string | null;
            created_at: string;
            updated_at: string;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  testAuditSink: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The receiver's answer */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            delivered: boolean;
            status: number | null;
            error: string | null;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listOwnSessions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Sessions */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            sessions: {
              /** Format: uuid */
              id: string;
              session_token_hash: string;
              ip_address: string | null;
              is_active: boolean;
              created_at: string;
              /** @enum {string} */
              kind: 'demo' | 'password';
              current: boolean;
            }[];
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  revokeSession: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The session has ended */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            revoked: number;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  revokeOtherSessions: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description How many sessions ended */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            revoked: number;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  findSsoApplication: {
    parameters: {
      query: {
        app_id: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The application, or null when none answers to this app_id */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            application: {
              /** Format: uuid */
              id: string;
              app_name: string;
              app_url: string;
              is_active: boolean;
              login_url?: string | null;
              sign_on_unavailable?: string | null;
            } | null;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  initiateSso: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "app_id": "0b6f1c9e-4d2a-4f5b-9c3e-7a8d1e2f3a4b",
         *       "redirect_url": "https://hirehub.example/sso/callback"
         *     }
         */
        'application/json': {
          /** Format: uuid */
          app_id: string;
          redirect_url: string;
        };
      };
    };
    responses: {
      /** @description Code issued */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            code: string;
            redirect_url: string;
            app_name: string;
            expires_at: string;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  exchangeSsoCode: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "code": "q7Lw2Zr9Kx4Mp8Vn3Tb6Yc1Hd5Fs0Jg"
         *     }
         */
        'application/json': {
          code: string;
        };
      };
    };
    responses: {
      /** @description Identity of the signed-in user */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            user: {
              /** Format: uuid */
              id: string;
              email: string;
              full_name: string | null;
              roles: string[];
            };
            /** Format: uuid */
            app_id: string;
            redirect_url: string;
            issued_at: string;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getOidcInteraction: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        uid: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The waiting sign-in */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            app_name: string;
            client_id: string;
            scopes: string[];
            redirect_uri: string;
            consent_required: boolean;
            new_scopes: string[];
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  completeOidcInteraction: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        uid: string;
      };
      cookie?: never;
    };
    requestBody?: {
      content: {
        /**
         * @example {
         *       "decision": "allow"
         *     }
         */
        'application/json': {
          /** @enum {string} */
          decision: 'allow' | 'decline';
        };
      };
    };
    responses: {
      /** @description Where the browser goes next */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            redirect_to: string;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listConnectedApplications: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Allowed applications */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            applications: {
              /** Format: uuid */
              app_id: string;
              app_name: string;
              app_url: string;
              scopes: string[];
              /** Format: date-time */
              allowed_at: string;
              /** Format: date-time */
              updated_at: string;
            }[];
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  removeApplicationAccess: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Access removed */
      204: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  configureOidcClient: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "redirect_uris": [
         *         "https://hirehub.example/oidc/callback"
         *       ],
         *       "post_logout_redirect_uris": [
         *         "https://hirehub.example/"
         *       ],
         *       "scopes": [
         *         "openid",
         *         "email",
         *         "profile",
         *         "roles",
         *         "offline_access"
         *       ],
         *       "public_client": false,
         *       "initiate_login_uri": "https://hirehub.example/oidc/login"
         *     }
         */
        'application/json': {
          redirect_uris: string[];
          post_logout_redirect_uris?: string[];
          scopes?: ('openid' | 'email' | 'profile' | 'roles' | 'offline_access')[];
          public_client: boolean;
          new_secret?: boolean;
          first_party?: boolean;
          backchannel_logout_uri?: string | null;
          initiate_login_uri?: string | null;
        };
      };
    };
    responses: {
      /** @description The client id, and its new secret */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            client_id: string;
            client_secret: string | null;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  removeOidcClient: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Removed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            client_id: string;
            people_signed_out: number;
            consents_forgotten: number;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listApplications: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Applications by name */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            apps: {
              /** Format: uuid */
              id: string;
              app_name: string;
              app_url: string;
              app_type: string;
              is_active: boolean;
              has_api_key: boolean;
              has_webhook_secret: boolean;
              oidc_client: {
                client_id: string;
                redirect_uris: string[];
                post_logout_redirect_uris: string[];
                scopes: string[];
                public_client: boolean;
                first_party: boolean;
                backchannel_logout_uri: string | null;
                initiate_login_uri: string | null;
              } | null;
            }[];
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listCredentialRequests: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Requests */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            mine: {
              /** Format: uuid */
              id: string;
              action_type: string;
              status: string;
              /** Format: uuid */
              app_id: string | null;
              app_name: string | null;
              /** @enum {string|null} */
              credential_type: 'api_key' | 'webhook_secret' | null;
              justification: string;
              created_at: string;
              requester: {
                /** Format: uuid */
                id: string;
                email: string;
                full_name: string | null;
              };
              reviewer: {
                /** Format: uuid */
                id: string;
                email: string;
                full_name: string | null;
              } | null;
              review_reason: string | null;
              reviewed_at: string | null;
            }[];
            others: {
              /** Format: uuid */
              id: string;
              action_type: string;
              status: string;
              /** Format: uuid */
              app_id: string | null;
              app_name: string | null;
              /** @enum {string|null} */
              credential_type: 'api_key' | 'webhook_secret' | null;
              justification: string;
              created_at: string;
              requester: {
                /** Format: uuid */
                id: string;
                email: string;
                full_name: string | null;
              };
              reviewer: {
                /** Format: uuid */
                id: string;
                email: string;
                full_name: string | null;
              } | null;
              review_reason: string | null;
              reviewed_at: string | null;
            }[];
            can_review: boolean;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createCredentialRequest: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "target_app_id": "0b6f1c9e-4d2a-4f5b-9c3e-7a8d1e2f3a4b",
         *       "access_type": "api_key",
         *       "justification": "Rotating the HireHub import key this week"
         *     }
         */
        'application/json': {
          /** Format: uuid */
          target_app_id: string;
          /** @enum {string} */
          access_type: 'api_key' | 'webhook_secret';
          justification: string;
        };
      };
    };
    responses: {
      /** @description The pending request */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            request: {
              /** Format: uuid */
              id: string;
              action_type: string;
              status: string;
              /** Format: uuid */
              app_id: string | null;
              app_name: string | null;
              /** @enum {string|null} */
              credential_type: 'api_key' | 'webhook_secret' | null;
              justification: string;
              created_at: string;
              requester: {
                /** Format: uuid */
                id: string;
                email: string;
                full_name: string | null;
              };
              reviewer: {
                /** Format: uuid */
                id: string;
                email: string;
                full_name: string | null;
              } | null;
              review_reason: string | null;
              reviewed_at: string | null;
            };
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  approveCredentialRequest: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "reason": "Needed for the key rotation this week"
         *     }
         */
        'application/json': {
          reason: string;
        };
      };
    };
    responses: {
      /** @description The reviewed request */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            request: {
              /** Format: uuid */
              id: string;
              action_type: string;
              status: string;
              /** Format: uuid */
              app_id: string | null;
              app_name: string | null;
              /** @enum {string|null} */
              credential_type: 'api_key' | 'webhook_secret' | null;
              justification: string;
              created_at: string;
              requester: {
                /** Format: uuid */
                id: string;
                email: string;
                full_name: string | null;
              };
              reviewer: {
                /** Format: uuid */
                id: string;
                email: string;
                full_name: string | null;
              } | null;
              review_reason: string | null;
              reviewed_at: string | null;
            };
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  denyCredentialRequest: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "reason": "Needed for the key rotation this week"
         *     }
         */
        'application/json': {
          reason: string;
        };
      };
    };
    responses: {
      /** @description The reviewed request */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            request: {
              /** Format: uuid */
              id: string;
              action_type: string;
              status: string;
              /** Format: uuid */
              app_id: string | null;
              app_name: string | null;
              /** @enum {string|null} */
              credential_type: 'api_key' | 'webhook_secret' | null;
              justification: string;
              created_at: string;
              requester: {
                /** Format: uuid */
                id: string;
                email: string;
                full_name: string | null;
              };
              reviewer: {
                /** Format: uuid */
                id: string;
                email: string;
                full_name: string | null;
              } | null;
              review_reason: string | null;
              reviewed_at: string | null;
            };
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createCredentialGrant: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "target_app_id": "0b6f1c9e-4d2a-4f5b-9c3e-7a8d1e2f3a4b",
         *       "credential_type": "webhook_secret",
         *       "justification": "Investigating a failed webhook delivery",
         *       "time_limit_minutes": 15
         *     }
         */
        'application/json': {
          /** Format: uuid */
          target_app_id: string;
          /** @enum {string} */
          credential_type: 'api_key' | 'webhook_secret';
          justification: string;
          /** @default 30 */
          time_limit_minutes?: number;
        };
      };
    };
    responses: {
      /** @description Access granted until expires_at */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            grant: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              app_id: string;
              app_name: string;
              /** @enum {string} */
              credential_type: 'api_key' | 'webhook_secret';
              justification: string;
              time_limit_minutes: number;
              granted_at: string;
              expires_at: string;
              revoked_at: string | null;
            };
            server_time: string;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listActiveCredentialGrants: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Active grants, soonest expiry first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            grants: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              app_id: string;
              app_name: string;
              /** @enum {string} */
              credential_type: 'api_key' | 'webhook_secret';
              justification: string;
              time_limit_minutes: number;
              granted_at: string;
              expires_at: string;
              revoked_at: string | null;
            }[];
            server_time: string;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  revokeCredentialGrant: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The revoked grant */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            grant: {
              /** Format: uuid */
              id: string;
              /** Format: uuid */
              app_id: string;
              app_name: string;
              /** @enum {string} */
              credential_type: 'api_key' | 'webhook_secret';
              justification: string;
              time_limit_minutes: number;
              granted_at: string;
              expires_at: string;
              revoked_at: string | null;
            };
            server_time: string;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listAuditEvents: {
    parameters: {
      query?: {
        type?: string;
        severity?: 'info' | 'low' | 'medium' | 'high' | 'critical';
        actor?: string;
        source?: 'console' | 'startup' | 'server';
        from?: string;
        to?: string;
        limit?: number;
        cursor?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of events */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            events: {
              seq: number;
              /** Format: uuid */
              id: string;
              event_type: string;
              severity: string;
              source: string;
              user_id: string | null;
              user_email: string | null;
              session_id: string | null;
              ip_address: string | null;
              user_agent: string | null;
              details: {
                [key: string]: unknown;
              };
              occurred_at: string;
              recorded_at: string;
              /** @enum {string} */
              reported_by: 'server' | 'browser';
              claimed_at: string | null;
            }[];
            next_cursor: number | null;
            event_types: string[];
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  streamAuditEvents: {
    parameters: {
      query?: {
        type?: string;
        severity?: 'info' | 'low' | 'medium' | 'high' | 'critical';
        actor?: string;
        source?: 'console' | 'startup' | 'server';
        from?: string;
        to?: string;
        after?: number | null;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description An endless text/event-stream of audit events */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  exportAuditEvents: {
    parameters: {
      query?: {
        type?: string;
        severity?: 'info' | 'low' | 'medium' | 'high' | 'critical';
        actor?: string;
        source?: 'console' | 'startup' | 'server';
        from?: string;
        to?: string;
        format?: 'csv' | 'jsonl';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Up to 10000 events, newest first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
          'application/jsonl': string;
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAuditExportManifest: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The signed manifest */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {string} */
            format: 'talent-audit-export-v1';
            /** Format: uuid */
            export_id: string;
            /** @enum {string} */
            file_format: 'csv' | 'jsonl';
            exported_at: string;
            filters: {
              [key: string]: string | null;
            };
            rows: number;
            truncated: boolean;
            seq_range: {
              first: number;
              last: number;
            } | null;
            file_sha256: string;
            header_sha256: string | null;
            row_sha256: {
              seq: number;
              sha256: string;
            }[];
            checkpoint: {
              seq: number;
              head_hash: string;
              event_count: number;
              signed_at: string;
              key_id: string;
              signature: string;
            };
            public_key: {
              /** @enum {string} */
              kty: 'OKP';
              /** @enum {string} */
              crv: 'Ed25519';
              x: string;
              kid: string;
            };
            key_id: string;
            signature: string;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  verifyAuditChain: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The verification result */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            ok: boolean;
            checked: number;
            head_hash: string | null;
            head_seq: number | null;
            /** @enum {string|null} */
            failed_check:
              'key' | 'signature' | 'link' | 'hash' | 'checkpoint' | 'head' | 'count' | null;
            broken_at_seq: number | null;
            broken_event_type: string | null;
            reason: string | null;
            verified_at: string;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminSummary: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The counts as of now */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            users: {
              total: number;
              exact: boolean;
            };
            pending_credential_requests: number;
            audit_events_today: number;
            today_starts_at: string;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAdminAnalytics: {
    parameters: {
      query?: {
        from?: string;
        to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One row per day of the period */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            from: string;
            to: string;
            days: {
              sign_ins: number;
              failed_sign_ins: number;
              role_changes: number;
              credential_requests: number;
              date: string;
            }[];
            totals: {
              sign_ins: number;
              failed_sign_ins: number;
              role_changes: number;
              credential_requests: number;
            };
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createSystemAdmins: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "confirmation_key": "the-setup-confirmation-key-from-the-server-log"
         *     }
         */
        'application/json': {
          confirmation_key?: string;
        };
      };
    };
    responses: {
      /** @description One result per account */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            results: {
              email: string;
              /** @enum {string} */
              status: 'created' | 'already_exists' | 'address_taken' | 'error';
              password?: string;
              error?: string;
            }[];
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  clearAllUsers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "confirmation_key": "the-setup-confirmation-key-from-the-server-log"
         *     }
         */
        'application/json': {
          confirmation_key?: string;
        };
      };
    };
    responses: {
      /** @description What was cleared */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            cleared: {
              auth_users: number;
              platform_users: boolean;
              role_assignments: boolean;
              sessions: boolean;
              audit_logs: boolean;
            };
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  cleanupUsers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "confirmation_key": "the-setup-confirmation-key-from-the-server-log"
         *     }
         */
        'application/json': {
          confirmation_key?: string;
        };
      };
    };
    responses: {
      /** @description What was removed */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            cleaned: {
              inactive_users: number;
              ended_sessions: number;
              ended_grants: number;
              sso_codes: number;
              ended_sign_ups: number;
            };
            remaining_users: number;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  readMailOutbox: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "confirmation_key": "the-setup-confirmation-key-from-the-server-log"
         *     }
         */
        'application/json': {
          confirmation_key?: string;
        };
      };
    };
    responses: {
      /** @description The pending mails */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            mails: {
              /** Format: uuid */
              id: string;
              to: string;
              /** @enum {string} */
              kind:
                | 'sign_up_verify'
                | 'sign_up_existing_account'
                | 'sign_up_reserved'
                | 'sign_up_invited';
              subject: string;
              body: string;
              created_at: string;
            }[];
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  markMailsSent: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "confirmation_key": "the-setup-confirmation-key-from-the-server-log",
         *       "ids": [
         *         "0b6c5a53-2f6e-4b0e-9d51-7f3e3b1c2a10"
         *       ]
         *     }
         */
        'application/json': {
          confirmation_key?: string;
          ids: string[];
        };
      };
    };
    responses: {
      /** @description How many were marked */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            marked: number;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  exportUsers: {
    parameters: {
      query?: {
        q?: string;
        /** @description Comma-separated: users holding any of these roles in force; none = no role in force. Values: user, platform_admin, super_admin, none */
        role?: string;
        status?: 'active' | 'inactive';
        /** @description Exact organization name; repeat for several (at most 20). An empty value means no organization. */
        org?: string | string[];
        /** @description true: only users who never signed in */
        never?: string;
        sort?: 'newest' | 'name' | 'email' | 'organization' | 'last_login';
        dir?: 'asc' | 'desc';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every matching user, one row each, with their roles in force */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/csv': string;
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listUsers: {
    parameters: {
      query?: {
        q?: string;
        /** @description Comma-separated: users holding any of these roles in force; none = no role in force. Values: user, platform_admin, super_admin, none */
        role?: string;
        status?: 'active' | 'inactive';
        /** @description Exact organization name; repeat for several (at most 20). An empty value means no organization. */
        org?: string | string[];
        /** @description true: only users who never signed in */
        never?: string;
        sort?: 'newest' | 'name' | 'email' | 'organization' | 'last_login';
        dir?: 'asc' | 'desc';
        limit?: number;
        cursor?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description One page of users */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            users: {
              /** Format: uuid */
              id: string;
              email: string;
              full_name: string | null;
              organization: string | null;
              department: string | null;
              is_active: boolean;
              created_at: string;
              last_login_at: string | null;
              roles: ('user' | 'platform_admin' | 'super_admin')[];
            }[];
            next_cursor: string | null;
            total: number | null;
            total_exact: boolean;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getUserFacets: {
    parameters: {
      query?: {
        q?: string;
        /** @description Comma-separated: users holding any of these roles in force; none = no role in force. Values: user, platform_admin, super_admin, none */
        role?: string;
        status?: 'active' | 'inactive';
        /** @description Exact organization name; repeat for several (at most 20). An empty value means no organization. */
        org?: string | string[];
        /** @description true: only users who never signed in */
        never?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The counts of every filter option */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            role: {
              /** @enum {string} */
              value: 'user' | 'platform_admin' | 'super_admin' | 'none';
              count: number;
              exact: boolean;
            }[];
            status: {
              /** @enum {string} */
              value: 'active' | 'inactive';
              count: number;
              exact: boolean;
            }[];
            organization: {
              value: string | null;
              count: number;
              exact: boolean;
            }[];
            organization_more: boolean;
            never_signed_in: {
              count: number;
              exact: boolean;
            };
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  bulkChangeUsers: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "user_ids": [
         *         "7d0c1b9e-3f53-4a8e-9f0e-2b0c5d7f1a11"
         *       ],
         *       "action": {
         *         "kind": "deactivate"
         *       }
         *     }
         */
        'application/json': {
          user_ids: string[];
          action:
            | {
                /** @enum {string} */
                kind: 'activate' | 'deactivate';
              }
            | {
                /** @enum {string} */
                kind: 'grant' | 'revoke';
                /** @enum {string} */
                role: 'user' | 'platform_admin' | 'super_admin';
              };
        };
      };
    };
    responses: {
      /** @description Which users changed, were unchanged or were refused */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            applied: {
              /** Format: uuid */
              id: string;
            }[];
            unchanged: {
              /** Format: uuid */
              id: string;
            }[];
            refused: {
              /** Format: uuid */
              id: string;
              reason: string;
            }[];
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "organization": "TalentSpark",
         *       "is_active": true
         *     }
         */
        'application/json': {
          email?: string;
          full_name?: string | null;
          organization?: string | null;
          department?: string | null;
          is_active?: boolean;
        };
      };
    };
    responses: {
      /** @description The user after the change */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            email: string;
            full_name: string | null;
            organization: string | null;
            department: string | null;
            is_active: boolean;
            created_at: string;
            last_login_at: string | null;
            roles: ('user' | 'platform_admin' | 'super_admin')[];
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getUserRoles: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Every role record of the user */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            user_id: string;
            records: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              role: 'user' | 'platform_admin' | 'super_admin';
              is_active: boolean;
              /** Format: uuid */
              granted_by: string | null;
              granted_at: string;
              expires_at: string | null;
            }[];
            roles: ('user' | 'platform_admin' | 'super_admin')[];
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  updateUserRoles: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "changes": {
         *         "platform_admin": true
         *       }
         *     }
         */
        'application/json': {
          changes: {
            user?: boolean;
            platform_admin?: boolean;
            super_admin?: boolean;
          };
        };
      };
    };
    responses: {
      /** @description Every role record of the user after the change */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            user_id: string;
            records: {
              /** Format: uuid */
              id: string;
              /** @enum {string} */
              role: 'user' | 'platform_admin' | 'super_admin';
              is_active: boolean;
              /** Format: uuid */
              granted_by: string | null;
              granted_at: string;
              expires_at: string | null;
            }[];
            roles: ('user' | 'platform_admin' | 'super_admin')[];
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listInvitations: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Invitations, newest first */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            invitations: {
              /** Format: uuid */
              id: string;
              email: string;
              full_name: string | null;
              roles: ('user' | 'platform_admin' | 'super_admin')[];
              /** @enum {string} */
              status: 'pending' | 'accepted' | 'revoked' | 'expired';
              inviter_may_grant: boolean | null;
              /** Format: uuid */
              invited_by: string | null;
              invited_by_email: string | null;
              created_at: string;
              expires_at: string;
              accepted_at: string | null;
              revoked_at: string | null;
              /** Format: uuid */
              revoked_by: string | null;
            }[];
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  createInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "email": "new.colleague@example.com",
         *       "full_name": "New Colleague",
         *       "roles": [
         *         "user",
         *         "platform_admin"
         *       ]
         *     }
         */
        'application/json': {
          email: string;
          full_name?: string | null;
          roles: ('user' | 'platform_admin' | 'super_admin')[];
        };
      };
    };
    responses: {
      /** @description The invitation and its link */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            invitation: {
              /** Format: uuid */
              id: string;
              email: string;
              full_name: string | null;
              roles: ('user' | 'platform_admin' | 'super_admin')[];
              /** @enum {string} */
              status: 'pending' | 'accepted' | 'revoked' | 'expired';
              inviter_may_grant: boolean | null;
              /** Format: uuid */
              invited_by: string | null;
              invited_by_email: string | null;
              created_at: string;
              expires_at: string;
              accepted_at: string | null;
              revoked_at: string | null;
              /** Format: uuid */
              revoked_by: string | null;
            };
            link: string;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  revokeInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The invitation, now revoked */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** Format: uuid */
            id: string;
            email: string;
            full_name: string | null;
            roles: ('user' | 'platform_admin' | 'super_admin')[];
            /** @enum {string} */
            status: 'pending' | 'accepted' | 'revoked' | 'expired';
            inviter_may_grant: boolean | null;
            /** Format: uuid */
            invited_by: string | null;
            invited_by_email: string | null;
            created_at: string;
            expires_at: string;
            accepted_at: string | null;
            revoked_at: string | null;
            /** Format: uuid */
            revoked_by: string | null;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No valid credentials */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  inspectInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "token": "hY3k9Qm2Zx7Lp4Ws8Rt1Vb6Nc0Fd5Gj2Kq7Mz3Xa9Es4"
         *     }
         */
        'application/json': {
          token: string;
        };
      };
    };
    responses: {
      /** @description The invited address and name */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            email: string;
            full_name: string | null;
            expires_at: string;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No longer usable: used, revoked or expired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  acceptInvitation: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "token": "hY3k9Qm2Zx7Lp4Ws8Rt1Vb6Nc0Fd5Gj2Kq7Mz3Xa9Es4",
         *       "password": "a longer passphrase of my own",
         *       "full_name": "New Colleague"
         *     }
         */
        'application/json': {
          token: string;
          password: string;
          full_name?: string | null;
        };
      };
    };
    responses: {
      /** @description Account created and signed in */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            access_token: string;
            refresh_token: string;
            /** @enum {string} */
            token_type: 'bearer';
            expires_in: number;
            expires_at: number;
            user: {
              /** Format: uuid */
              id: string;
              email: string;
              user_metadata: {
                full_name: string;
              };
              roles: ('user' | 'platform_admin' | 'super_admin')[];
            };
            must_change_password: boolean;
            second_factor_enrolment_required: boolean;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Conflicts with the current state */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description No longer usable: used, revoked or expired */
      410: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  recordAuditEvents: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        /**
         * @example {
         *       "source": "console",
         *       "events": [
         *         {
         *           "id": "5d1c7e2a-8b3f-4a6d-9e0c-1f2a3b4c5d6e",
         *           "event_type": "security.violation",
         *           "severity": "medium",
         *           "timestamp": "2026-06-01T12:00:00.000Z",
         *           "session_id": "Xa9Es4bQ",
         *           "details": {}
         *         }
         *       ]
         *     }
         */
        'application/json':
          | {
              /** @enum {string} */
              source: 'console';
              events: {
                /** Format: uuid */
                id: string;
                /** @default {} */
                details?: {
                  [key: string]: unknown;
                };
                /** Format: date-time */
                timestamp: string;
                session_id: string | null;
                /** @enum {string} */
                event_type:
                  | 'security.violation'
                  | 'security.suspicious_activity'
                  | 'admin.panel.access'
                  | 'security.panel.access';
                /**
                 * @default low
                 * @enum {string}
                 */
                severity?: 'low' | 'medium' | 'high' | 'critical';
              }[];
              dropped?: {
                /** Format: uuid */
                id: string;
                count: number;
              }[];
            }
          | {
              /** @enum {string} */
              source: 'startup';
              events: {
                /** Format: uuid */
                id: string;
                /** @default {} */
                details?: {
                  [key: string]: unknown;
                };
                /** Format: date-time */
                timestamp: string;
                session_id: string | null;
                /** @enum {string} */
                event_type:
                  | 'login_success'
                  | 'login_failure'
                  | 'logout'
                  | 'session_expired'
                  | 'unauthorized_access'
                  | 'permission_denied'
                  | 'role_escalation_attempt'
                  | 'credential_access_requested'
                  | 'credential_access_granted'
                  | 'credential_access_denied'
                  | 'credential_viewed'
                  | 'sensitive_data_access'
                  | 'bulk_data_export'
                  | 'admin_panel_access'
                  | 'rate_limit_exceeded'
                  | 'suspicious_activity'
                  | 'security_policy_violation'
                  | 'config_change'
                  | 'emergency_access'
                  | 'audit_log_access';
                /** @enum {string} */
                severity: 'info' | 'low' | 'medium' | 'high' | 'critical';
                page_url: string | null;
              }[];
              dropped?: {
                /** Format: uuid */
                id: string;
                count: number;
              }[];
            };
      };
    };
    responses: {
      /** @description Stored (events already stored by an earlier attempt are skipped) */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            received: number;
            stored: number;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Not allowed for this caller */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Body too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  getAuditPublicKeys: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description The published keys */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            current_key_id: string | null;
            keys: {
              key_id: string;
              jwk: {
                /** @enum {string} */
                kty: 'OKP';
                /** @enum {string} */
                crv: 'Ed25519';
                x: string;
                kid: string;
              };
              pem: string;
              created_at: string;
              rotation: {
                from_key_id: string;
                to_key_id: string;
                to_public_key: string;
                after_seq: number;
                signed_at: string;
                signature: string;
              } | null;
            }[];
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
  listAuditCheckpoints: {
    parameters: {
      query?: {
        after?: number | null;
        limit?: number;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A page of checkpoints */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            checkpoints: {
              seq: number;
              head_hash: string;
              event_count: number;
              signed_at: string;
              key_id: string;
              signature: string;
            }[];
            next_cursor: number | null;
          };
        };
      };
      /** @description The request is not valid */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
      /** @description Too many requests */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['Error'];
        };
      };
    };
  };
}
