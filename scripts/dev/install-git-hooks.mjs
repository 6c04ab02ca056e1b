// `prepare` (run by `npm ci` and `npm install`): points git at the repository's hooks
// (.githooks/), so the pre-commit check runs for everyone. Nothing to do outside a git
// checkout (an unpacked tarball, a container image) or in CI.
import { spawnSync } from 'node:child_process';

if (!process.env.CI) {
  const inside = spawnSync('git', ['rev-parse', '--is-inside-work-tree'], { encoding: 'utf8' });
  if (inside.status === 0 && inside.stdout.trim() === 'true') {
    spawnSync('git', ['config', 'core.hooksPath', '.githooks'], { stdio: 'inherit' });
  }
}
