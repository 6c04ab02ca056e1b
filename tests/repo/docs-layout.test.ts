import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The README stays short and true, and no document goes unlinked: the README
 * has at most 200 lines, every page under docs/ is reachable from
 * docs/README.md (pages of docs/product through docs/product/README.md), and the
 * README's map of the code names folders that exist and every folder of
 * src/server, src/client, src/client/features, scripts and tests; the map of
 * docs/architecture.md likewise for src/client/features and the admin console.
 */

const root = path.resolve(import.meta.dirname, '../..');
const README_MAX_LINES = 200;
/** Folders whose every subfolder the map must name. */
const MAPPED_DIRS = ['src/server', 'src/client', 'src/client/features', 'scripts', 'tests'];

const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Every `*.md` file under a folder, as paths relative to the repository. */
function markdownFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return markdownFiles(relative);
    return entry.name.endsWith('.md') ? [relative] : [];
  });
}

/** The files a markdown document links to, relative to the repository (anchors dropped). */
export function linkedFiles(file: string, text: string): Set<string> {
  const links = [...text.matchAll(/\]\((?!https?:|mailto:|#)([^)\s#]+)(?:#[^)\s]*)?\)/g)];
  return new Set(
    links.map((match) =>
      path.posix.normalize(path.posix.join(path.posix.dirname(file), match[1]!)),
    ),
  );
}

/**
 * The folders a code map names, as paths relative to the repository. Each line
 * of the map's code block starts with a name; one ending in `/` is a folder,
 * inside the nearest folder above it with less indentation.
 */
export function mappedFolders(readme: string): string[] {
  const section = readme.split(/^## /m).find((part) => part.startsWith('Map of the code'));
  if (section === undefined) throw new Error('no "## Map of the code" section');
  const block = /```\n([\s\S]*?)```/.exec(section);
  if (block === null) throw new Error('the map of the code has no code block');
  const parents: { indent: number; folder: string }[] = [];
  const folders: string[] = [];
  for (const line of block[1]!.split('\n')) {
    const match = /^( *)(\S+)/.exec(line);
    if (match === null) continue;
    const indent = match[1]!.length;
    while (parents.length > 0 && parents.at(-1)!.indent >= indent) parents.pop();
    if (!match[2]!.endsWith('/')) continue;
    const folder = path.posix.join(parents.at(-1)?.folder ?? '', match[2]!.slice(0, -1));
    folders.push(folder);
    parents.push({ indent, folder });
  }
  return folders;
}

/** The subfolders of a folder, relative to the repository. */
function subfolders(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => path.posix.join(dir, entry.name));
}

describe('README.md', () => {
  const readme = read('README.md');

  it(`has at most ${README_MAX_LINES} lines`, () => {
    expect(readme.trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('maps folders that exist', () => {
    const missing = mappedFolders(readme).filter(
      (folder) =>
        !existsSync(path.join(root, folder)) || !statSync(path.join(root, folder)).isDirectory(),
    );
    expect(missing).toEqual([]);
  });

  it(`names every folder of ${MAPPED_DIRS.join(', ')} in its map`, () => {
    const named = new Set(mappedFolders(readme));
    const unnamed = MAPPED_DIRS.flatMap(subfolders).filter((folder) => !named.has(folder));
    expect(unnamed).toEqual([]);
  });
});

describe('docs/architecture.md', () => {
  const architecture = read('docs/architecture.md');
  /** Folders whose every subfolder the architecture map must name. */
  const ARCHITECTURE_DIRS = ['src/client/features', 'src/client/features/admin'];

  it('maps folders that exist', () => {
    const missing = mappedFolders(architecture).filter(
      (folder) =>
        !existsSync(path.join(root, folder)) || !statSync(path.join(root, folder)).isDirectory(),
    );
    expect(missing).toEqual([]);
  });

  it(`names every folder of ${ARCHITECTURE_DIRS.join(', ')} in its map`, () => {
    const named = new Set(mappedFolders(architecture));
    const unnamed = ARCHITECTURE_DIRS.flatMap(subfolders).filter((folder) => !named.has(folder));
    expect(unnamed).toEqual([]);
  });
});

describe('docs/README.md', () => {
  it('links every document under docs/', () => {
    const index = linkedFiles('docs/README.md', read('docs/README.md'));
    const productIndex = linkedFiles('docs/product/README.md', read('docs/product/README.md'));
    const unlinked = markdownFiles('docs').filter(
      (file) =>
        file !== 'docs/README.md' &&
        !index.has(file) &&
        !(
          file.startsWith('docs/product/') &&
          index.has('docs/product/README.md') &&
          productIndex.has(file)
        ),
    );
    expect(unlinked).toEqual([]);
  });
});

describe('the checks themselves', () => {
  it('read folders from a map by their indentation', () => {
    const map =
      '## Map of the code\n\n```\nsrc/\n  client/    app\n    features/\n      a/\n  server/\ntests/e2e/\n```\n';
    expect(mappedFolders(map)).toEqual([
      'src',
      'src/client',
      'src/client/features',
      'src/client/features/a',
      'src/server',
      'tests/e2e',
    ]);
  });

  it('resolve relative links and drop anchors', () => {
    const links = linkedFiles(
      'docs/README.md',
      '[a](api/x.md#y) [b](../README.md) [c](https://e.org/z.md)',
    );
    expect([...links]).toEqual(['docs/api/x.md', 'README.md']);
  });
});
