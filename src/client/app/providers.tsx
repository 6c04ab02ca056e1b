import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { createMockAuthenticator } from '@/lib/auth/mock-authenticator';
import { createModeAuthenticator } from '@/lib/auth/mode-authenticator';
import { createServerAuthenticator } from '@/lib/auth/server-authenticator';
import { sessionStore } from '@/lib/auth/session-store';
import { PersonaProvider } from '@/lib/persona';
import { publicConfigQuery } from '@/lib/public-config';
import { createQueryClient } from '@/lib/query-client';

/**
 * When the signed-in session changes, data fetched with the previous token
 * must not be shown to the next user: drop everything but the public config.
 */
function useForgetDataOfPreviousSession(queryClient: QueryClient) {
  useEffect(() => {
    // Keyed on the user, not the token: a refreshed token is still the same person's session.
    let user = sessionStore.get()?.user.id ?? null;
    return sessionStore.subscribe((session) => {
      const next = session?.user.id ?? null;
      if (next === user) return;
      user = next;
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== publicConfigQuery.queryKey[0],
      });
    });
  }, [queryClient]);
}

/** Demo mode signs in with the mock; production mode with server accounts (GET /api/config). */
function createAppAuthenticator(queryClient: QueryClient) {
  return createModeAuthenticator({
    demoMode: async () => (await queryClient.fetchQuery(publicConfigQuery)).demoMode,
    demo: createMockAuthenticator(),
    server: createServerAuthenticator({
      latest: () => {
        sessionStore.reload();
        return sessionStore.get();
      },
    }),
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [authenticator] = useState(() => createAppAuthenticator(queryClient));
  useForgetDataOfPreviousSession(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider authenticator={authenticator}>
        <PersonaProvider>
          <TooltipProvider>
            {children}
            <Toaster />
          </TooltipProvider>
        </PersonaProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
