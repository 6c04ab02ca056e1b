import { StrictMode, type ReactNode } from 'react';
import { ReadyMark } from '@/lib/ready-mark';

/**
 * The tree every root renders around its app, in the browser and in the
 * pre-render alike. Ids from `useId` follow the tree's shape, so a page
 * hydrates with the ids it was pre-rendered with only when both render this.
 */
export function RootTree({ children }: { children: ReactNode }) {
  return (
    <StrictMode>
      {children}
      <ReadyMark />
    </StrictMode>
  );
}
