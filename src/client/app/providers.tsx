import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { TooltipProvider } from '@/components/ui/tooltip';
import { createAppAuthenticator } from '@/lib/auth/app-authenticator';
import { AuthProvider } from '@/lib/auth/auth-provider';
import { sessionStore } from '@/lib/auth/session-store';
import { PersonaProvider } from '@/lib/persona';
import { createQueryClient } from '@/lib/query-client';
import { LazyToaster } from './lazy-toaster';

/**
 * When the signed-in session changes, data fetched with the previous token
 * must not be shown to the next user: drop all of it.
 */
function useForgetDataOfPreviousSession(queryClient: QueryClient) {
  useEffect(() => {
    // Keyed on the user, not the token: a refreshed token is still the same person's session.
    let user = sessionStore.get()?.user.id ?? null;
    return sessionStore.subscribe((session) => {
      const next = session?.user.id ?? null;
      if (next === user) return;
      user = next;
      queryClient.removeQueries();
    });
  }, [queryClient]);
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const [authenticator] = useState(createAppAuthenticator);
  useForgetDataOfPreviousSession(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider authenticator={authenticator}>
        <PersonaProvider>
          <TooltipProvider>
            {children}
            <LazyToaster />
          </TooltipProvider>
        </PersonaProvider>
      </AuthProvider>
    </QueryClientProvider>
  );
}
