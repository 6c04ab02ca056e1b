// The pre-commit hook (.githooks/pre-commit, installed by `npm ci` through `prepare`): Prettier
// and ESLint on the files the commit stages, so that a format slip or a lint error stops here
// rather than in CI. Checks only; it never rewrites what was staged.
import { spawnSync } from 'node:child_process';
import path from 'node:path';

const LINTED = /\.(?:[cm]?[jt]sx?)$/;

/** Which staged files each tool checks: Prettier every file it knows, ESLint the scripts. */
export function stagedChecks(files: readonly string[]): { format: string[]; lint: string[] } {
  return { format: [...files], lint: files.filter((file) => LINTED.test(file)) };
}

function stagedFiles(root: string): string[] {
  const out = spawnSync('git', ['diff', '--cached', '--name-only', '--diff-filter=ACMR', '-z'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (out.status !== 0) throw new Error(out.stderr);
  return out.stdout.split('\0').filter(Boolean);
}

function run(root: string, command: string, args: string[]): boolean {
  return (
    spawnSync('npx', ['--no-install', command, ...args], { cwd: root, stdio: 'inherit' }).status ===
    0
  );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const root = path.resolve(import.meta.dirname, '../..');
  const { format, lint } = stagedChecks(stagedFiles(root));
  const formatted =
    format.length === 0 || run(root, 'prettier', ['--check', '--ignore-unknown', ...format]);
  const linted = lint.length === 0 || run(root, 'eslint', ['--max-warnings', '0', ...lint]);
  if (!formatted) console.error('Format them: npx prettier --write <the files above>');
  process.exit(formatted && linted ? 0 : 1);
}
