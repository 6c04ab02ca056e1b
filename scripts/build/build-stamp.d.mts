/** Types of build-stamp.mjs, for the TypeScript scripts and tests that build through it. */
export function buildInputs(root: string): string[];
export function sourceStamp(root: string): string;
export function stampFile(root: string): string;
export function buildIsFresh(root: string): boolean;
export function ensureBuilt(
  root: string,
  announce?: (message: string) => void,
  env?: NodeJS.ProcessEnv,
): boolean;
