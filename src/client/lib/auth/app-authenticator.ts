import { DEMO_TOKEN_PATTERN } from '@shared/constants';
import type { PublicConfig } from '@shared/public-config';
import { pageConfig } from '@/lib/public-config';
import type { Authenticator } from './authenticator';
import { createMockAuthenticator } from './mock-authenticator';
import type { ServerAuthenticatorOptions } from './server-authenticator';
import { sessionStore } from './session-store';

/**
 * The way in, chosen once at start-up from the configuration the page carries:
 * the mock (docs/product/sign-in.md#mock-behaviour) in demo mode, server
 * accounts otherwise (docs/product/architecture.md#modes). A page that carries
 * none goes on as in demo mode, like the rest of the app.
 */
export function createAppAuthenticator(
  config: Pick<PublicConfig, 'demoMode'> | undefined = pageConfig(),
): Authenticator {
  if (config?.demoMode ?? true) {
    return {
      ...createMockAuthenticator(),
      // Demo mode keeps only demo sessions; a server session means nothing here.
      restore: async (stored) =>
        stored && DEMO_TOKEN_PATTERN.test(stored.access_token) ? stored : null,
    };
  }
  return serverAuthenticatorOnFirstUse({
    latest: () => {
      sessionStore.reload();
      return sessionStore.get();
    },
    remember: (session) => sessionStore.set(session),
  });
}

/**
 * Server accounts, whose code is fetched when first used: the pages that run
 * only in demo mode (the pre-rendered landing page and sign-in portal) never
 * load it.
 */
function serverAuthenticatorOnFirstUse(options: ServerAuthenticatorOptions): Authenticator {
  let loaded: Promise<Authenticator> | null = null;
  const server = () =>
    (loaded ??= import('./server-authenticator').then((m) => m.createServerAuthenticator(options)));
  return {
    signIn: async (email, password) => (await server()).signIn(email, password),
    signUp: async (fullName, email, password) => (await server()).signUp(fullName, email, password),
    signOut: async (session) => (await server()).signOut(session),
    restore: async (stored) => (await server()).restore!(stored),
    refresh: async (session) => (await server()).refresh!(session),
    completeSecondFactor: async (pendingToken, code) =>
      (await server()).completeSecondFactor!(pendingToken, code),
    signInWithPasskey: async (challengeId, response) =>
      (await server()).signInWithPasskey!(challengeId, response),
    completeSecondFactorWithPasskey: async (pendingToken, response) =>
      (await server()).completeSecondFactorWithPasskey!(pendingToken, response),
    changePassword: async (session, current, next) =>
      (await server()).changePassword!(session, current, next),
  };
}
