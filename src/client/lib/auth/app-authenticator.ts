import { loadPublicConfig } from '@/lib/public-config';
import { createMockAuthenticator } from './mock-authenticator';
import { createModeAuthenticator } from './mode-authenticator';
import { createServerAuthenticator } from './server-authenticator';
import { sessionStore } from './session-store';

/** Demo mode signs in with the mock; production mode with server accounts (GET /api/config). */
export function createAppAuthenticator() {
  return createModeAuthenticator({
    demoMode: async () => (await loadPublicConfig()).demoMode,
    demo: createMockAuthenticator(),
    server: createServerAuthenticator({
      latest: () => {
        sessionStore.reload();
        return sessionStore.get();
      },
      remember: (session) => sessionStore.set(session),
    }),
  });
}
