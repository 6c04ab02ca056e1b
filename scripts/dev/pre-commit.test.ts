import { describe, expect, it } from 'vitest';
import { stagedChecks } from './pre-commit';

describe('the pre-commit check', () => {
  it('formats every staged file and lints the scripts among them', () => {
    const staged = ['docs/a.md', 'src/server/app.ts', 'src/client/x.tsx', 'scripts/dev/y.mjs'];
    expect(stagedChecks(staged)).toEqual({
      format: staged,
      lint: ['src/server/app.ts', 'src/client/x.tsx', 'scripts/dev/y.mjs'],
    });
  });

  it('checks nothing when nothing is staged', () => {
    expect(stagedChecks([])).toEqual({ format: [], lint: [] });
  });
});
