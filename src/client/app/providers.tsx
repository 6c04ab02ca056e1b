import { QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { TooltipProvider } from '@/components/ui/tooltip';
import { PersonaProvider } from '@/lib/persona';
import { createQueryClient } from '@/lib/query-client';

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <PersonaProvider>
        <TooltipProvider>
          {children}
          <Toaster />
        </TooltipProvider>
      </PersonaProvider>
    </QueryClientProvider>
  );
}
