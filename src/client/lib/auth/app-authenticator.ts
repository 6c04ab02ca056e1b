import { DEMO_TOKEN_PATTERN } from '@shared/constants';
import type { PublicConfig } from '@shared/public-config';
import { pageConfig } from '@/lib/public-config';
import type { Authenticator } from './authenticator';
import { createMockAuthenticator } from './mock-authenticator';
import { createServerAuthenticator } from './server-authenticator';
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
  return createServerAuthenticator({
    latest: () => {
      sessionStore.reload();
      return sessionStore.get();
    },
    remember: (session) => sessionStore.set(session),
  });
}
