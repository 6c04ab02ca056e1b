import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The layer rules of eslint.config.js, run on sources placed at paths in the tree.
const root = fileURLToPath(new URL('../..', import.meta.url));
const LAYER_RULES = new Set(['import-x/no-restricted-paths', 'no-restricted-imports']);

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: root });
});

/** The layer rules a source breaks when it sits at `filePath`. */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? [])
    .filter((m) => m.severity === 2 && m.ruleId && LAYER_RULES.has(m.ruleId))
    .map((m) => `${m.ruleId}: ${m.message}`);
}

const use = (name: string) => `\nexport const used = [${name}];\n`;

describe('import layers', () => {
  it('refuses a feature importing another feature, by alias or relative path', async () => {
    for (const from of ['@/features/auth/auth-messages', '../auth/auth-messages']) {
      const errors = await layerErrors(
        'src/client/features/todo/fixture.tsx',
        `import * as other from '${from}';${use('other')}`,
      );
      expect(errors.join('\n'), from).toMatch(/import-x\/no-restricted-paths.*another feature/);
    }
  });

  it('refuses an admin resource importing another resource or a tab, and shared/ importing either', async () => {
    const cases: [string, string][] = [
      ['src/client/features/admin/sessions/fixture.tsx', '../applications/api'],
      ['src/client/features/admin/sessions/fixture.tsx', '@/features/admin/tabs/security-tab'],
      ['src/client/features/admin/shared/fixture.tsx', '../users/api'],
    ];
    for (const [file, from] of cases) {
      const errors = await layerErrors(file, `import * as other from '${from}';${use('other')}`);
      expect(errors.join('\n'), `${file} importing ${from}`).toMatch(
        /import-x\/no-restricted-paths.*admin/,
      );
    }
  });

  it('lets the tabs assemble admin resources, and a resource use admin/shared', async () => {
    const cases: [string, string][] = [
      ['src/client/features/admin/tabs/fixture.tsx', '../applications/api'],
      ['src/client/features/admin/sessions/fixture.tsx', '../shared/format'],
      ['src/client/features/admin/sessions/fixture.tsx', './api'],
    ];
    for (const [file, from] of cases) {
      const errors = await layerErrors(file, `import * as a from '${from}';${use('a')}`);
      expect(errors, `${file} importing ${from}`).toEqual([]);
    }
  });

  it('refuses drizzle-orm in routes/', async () => {
    for (const from of ['drizzle-orm', 'drizzle-orm/pg-core']) {
      const errors = await layerErrors(
        'src/server/routes/fixture.ts',
        `import * as orm from '${from}';${use('orm')}`,
      );
      expect(errors.join('\n'), from).toMatch(/no-restricted-imports/);
    }
  });

  it('refuses security/ importing setup/', async () => {
    const errors = await layerErrors(
      'src/server/security/fixture.ts',
      `import * as admins from '../setup/system-admins';${use('admins')}`,
    );
    expect(errors.join('\n')).toMatch(/import-x\/no-restricted-paths.*infrastructure/);
  });

  it('refuses audit/ importing a domain, and lets a domain import audit/', async () => {
    for (const from of [
      '../auth/server-sessions',
      '../credentials/grants',
      '../setup/demo-admin',
    ]) {
      const errors = await layerErrors(
        'src/server/audit/fixture.ts',
        `import * as m from '${from}';${use('m')}`,
      );
      expect(errors.join('\n'), from).toMatch(/import-x\/no-restricted-paths.*lower layer/);
    }
    const errors = await layerErrors(
      'src/server/credentials/fixture.ts',
      `import * as m from '../audit/chain/append';${use('m')}`,
    );
    expect(errors).toEqual([]);
  });

  it('refuses code outside the users directory importing any of its files but the door', async () => {
    const cases: [string, string][] = [
      ['src/server/routes/fixture.ts', '../users/directory/list'],
      ['src/server/admin/fixture.ts', '../users/directory/filters'],
      ['src/server/users/fixture.ts', './directory/export'],
    ];
    for (const [file, from] of cases) {
      const errors = await layerErrors(file, `import * as m from '${from}';${use('m')}`);
      expect(errors.join('\n'), `${file} importing ${from}`).toMatch(
        /import-x\/no-restricted-paths.*users directory/,
      );
    }
  });

  it('lets anyone use the directory by its door, and the wing and tests reach inside', async () => {
    const cases: [string, string][] = [
      ['src/server/routes/fixture.ts', '../users/directory'],
      ['src/server/routes/fixture.ts', '../users/directory/index'],
      ['src/server/users/directory/fixture.ts', './filters'],
      ['src/server/routes/fixture.test.ts', '../users/directory/export'],
    ];
    for (const [file, from] of cases) {
      const errors = await layerErrors(file, `import * as m from '${from}';${use('m')}`);
      expect(errors, `${file} importing ${from}`).toEqual([]);
    }
  });

  it('refuses lib/ importing a feature, the server importing the client and back, shared importing either', async () => {
    const cases: [string, string][] = [
      ['src/client/lib/fixture.ts', '@/features/auth/auth-messages'],
      ['src/client/components/fixture.tsx', '../features/auth/auth-messages'],
      ['src/server/fixture.ts', '../client/lib/utils'],
      ['src/client/lib/fixture.ts', '../../server/core/config'],
      ['src/shared/fixture.ts', '../server/core/config'],
      ['src/shared/fixture.ts', '../client/lib/utils'],
    ];
    for (const [file, from] of cases) {
      const errors = await layerErrors(file, `import * as m from '${from}';${use('m')}`);
      expect(errors.length, `${file} importing ${from}`).toBeGreaterThan(0);
    }
  });

  it('allows imports down the layers', async () => {
    const cases: [string, string][] = [
      [
        'src/client/features/todo/fixture.tsx',
        `import * as a from '@/components/ui/button';\nimport * as b from '@/lib/utils';\nimport * as c from '@shared/constants';\nimport * as d from './progress';${use('a, b, c, d')}`,
      ],
      [
        'src/server/routes/fixture.ts',
        `import * as a from '../setup/system-admins';\nimport * as b from '../security/tokens';${use('a, b')}`,
      ],
      [
        'src/server/setup/fixture.ts',
        `import * as a from '../security/principal';\nimport * as b from '../db/schema';${use('a, b')}`,
      ],
      // A test beside infrastructure code may drive the assembled app.
      [
        'src/server/security/fixture.test.ts',
        `import * as a from '../setup/system-admins';${use('a')}`,
      ],
      ['src/server/routes/fixture.test.ts', `import * as orm from 'drizzle-orm';${use('orm')}`],
    ];
    for (const [file, code] of cases) {
      expect(await layerErrors(file, code), file).toEqual([]);
    }
  });
});

/**
 * Every import between files under src/, `import type` and `import()` included:
 * a cycle of type-only imports still ties the modules' layers together.
 */
function importGraph(): Map<string, string[]> {
  const src = path.join(root, 'src');
  const files = readdirSync(src, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith('.d.ts'))
    .map((f) => path.join(src, f));
  const known = new Set(files);
  const resolve = (from: string, spec: string): string | null => {
    let base: string;
    if (spec.startsWith('@/')) base = path.join(src, 'client', spec.slice(2));
    else if (spec.startsWith('@shared/')) base = path.join(src, 'shared', spec.slice(8));
    else if (spec.startsWith('.')) base = path.resolve(path.dirname(from), spec);
    else return null;
    const stem = base.replace(/\.(tsx?|jsx?)$/, '');
    for (const candidate of [
      `${stem}.ts`,
      `${stem}.tsx`,
      path.join(stem, 'index.ts'),
      path.join(stem, 'index.tsx'),
    ]) {
      if (known.has(candidate)) return candidate;
    }
    return null;
  };
  const specifiers =
    /(?:^|[\s;])(?:import|export)\s[^'"`;]*?from\s*['"]([^'"]+)['"]|(?:^|[\s;])import\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const m of text.matchAll(specifiers)) {
      const target = resolve(file, (m[1] ?? m[2] ?? m[3])!);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/** Strongly connected components with more than one file, or a file importing itself. */
function cycles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || graph.get(v)?.includes(v)) found.push(component);
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found.map((c) => c.map((f) => path.relative(root, f)).sort());
}

describe('import cycles', () => {
  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
    ]);
    expect(cycles(graph).map((c) => c.length)).toEqual([3]);
  });

  it('has none in src/', () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(100);
    expect(cycles(graph)).toEqual([]);
  });
});
