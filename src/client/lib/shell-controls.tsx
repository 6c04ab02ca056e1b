import { createContext, use, type ReactNode } from 'react';

/**
 * The layout's phone controls (the navigation menu button and the account
 * menu), for a page that draws its own header on a phone instead of the
 * layout's: the page then shows one header, not two.
 */
export type ShellControls = { menu: ReactNode; account: ReactNode };

export const ShellControlsContext = createContext<ShellControls | null>(null);

export function useShellControls(): ShellControls | null {
  return use(ShellControlsContext);
}
