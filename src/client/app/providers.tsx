import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { AuthProvider } from '@/lib/auth/auth-provider';
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
    let token = sessionStore.get()?.access_token ?? null;
    return sessionStore.subscribe((session) => {
      const next = session?.access_token ?? null;
      if (next === token) return;
      token = next;
      queryClient.removeQueries({
        predicate: (query) => query.queryKey[0] !== publicConfigQuery.queryKey[0],
      });
    });
  }, [queryClient]);
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  useForgetDataOfPreviousSession(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
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
