import { DEMO_TOKEN_PATTERN } from '@shared/constants';
import { ApiError } from '@/lib/api';
import type { Authenticator } from './authenticator';
import type { AuthSession } from './session-store';

/**
 * Chooses the way in from GET /api/config: the mock (docs/product/sign-in.md#mock-behaviour) in demo
 * mode, server accounts otherwise (docs/product/architecture.md#modes).
 * The choice waits for the configuration, which restore() fetches first.
 */
export function createModeAuthenticator(options: {
  demoMode: () => Promise<boolean>;
  demo: Authenticator;
  server: Authenticator;
}): Authenticator {
  const pick = async () => ((await options.demoMode()) ? options.demo : options.server);
  const serverOnly = async () => {
    const auth = await pick();
    if (auth === options.demo) throw new ApiError(409, 'demo_mode', 'Not available in demo mode');
    return auth;
  };

  return {
    signIn: async (email, password) => (await pick()).signIn(email, password),
    signUp: async (fullName, email, password) => (await pick()).signUp(fullName, email, password),
    signOut: async (session) => (await pick()).signOut(session),
    async restore(stored: AuthSession | null) {
      let auth: Authenticator;
      try {
        auth = await pick();
      } catch {
        // The configuration could not be read: keep what we have rather than sign out.
        return stored;
      }
      if (auth.restore) return auth.restore(stored);
      // Demo mode keeps only demo sessions; a server session means nothing here.
      return stored && DEMO_TOKEN_PATTERN.test(stored.access_token) ? stored : null;
    },
    async refresh(session) {
      const auth = await serverOnly();
      return auth.refresh!(session);
    },
    async changePassword(session, currentPassword, newPassword) {
      const auth = await serverOnly();
      return auth.changePassword!(session, currentPassword, newPassword);
    },
  };
}
