// First: zod must know it may not use eval before any schema is built (lib/zod-config.ts).
import '@/lib/zod-config';
import { QueryClientProvider } from '@tanstack/react-query';
import { useState } from 'react';
import { TooltipProvider } from '@/components/ui/tooltip';
import { createQueryClient } from '@/lib/query-client';
import CommandPalette from './command-palette';

/**
 * The command palette on the landing page, which runs without the query library
 * (docs/product/quality.md#landing-budget): loaded on first use with a query client of its own,
 * for an administrator's user search. Its choices load their pages whole (the landing page has
 * no router).
 */
export default function LandingPalette(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        <CommandPalette {...props} />
      </TooltipProvider>
    </QueryClientProvider>
  );
}
