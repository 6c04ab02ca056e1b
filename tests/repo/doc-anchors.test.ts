import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The product's rules live in docs/product, one page per area, each cited rule
 * behind an explicit `<a id="…"></a>` anchor (docs/product/README.md). Code,
 * tests and documents cite them as `docs/product/<page>.md#<anchor>`; markdown
 * may also link them relatively. Every such citation must name a page and an
 * anchor that exist, and nothing may cite a document the repository does not
 * hold or a numbered ticket instead.
 */

const root = path.resolve(import.meta.dirname, '../..');
const productDir = path.join(root, 'docs/product');

const SCANNED_DIRS = ['src', 'tests', 'scripts', 'docs'];
const SCANNED_FILES = ['README.md'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'data', '.git']);
const TEXT_FILE = /\.(ts|tsx|mts|cts|js|mjs|cjs|css|sql|md|html|json|ya?ml)$/;

/** Documents kept outside the repository, and ticket numbers: never cited. */
const OUTSIDE_CITATION = new RegExp(
  `\\b(?:${['SPEC', 'ARCHITECTURE', 'STYLE'].join('|')})\\.md|[Ii]ssue #?[0-9]`,
);

/** `docs/product/<page>.md` with an optional `#anchor`, anywhere in a text. */
const PRODUCT_CITATION = /docs\/product\/([\w-]+\.md)(?:#([\w-]+))?/g;
/** A relative markdown link with an optional anchor: `](../product/x.md#y)`. */
const MARKDOWN_LINK = /\]\((?!https?:|#)([^)\s#]+\.md)(?:#([\w-]+))?\)/g;
const ANCHOR = /<a id="([\w-]+)"><\/a>/g;

type Citation = { file: string; line: number; page: string; anchor: string | undefined };

function listFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED_DIRS.has(entry.name) ? [] : listFiles(full);
    return TEXT_FILE.test(entry.name) ? [full] : [];
  });
}

/** Every scanned file but this one, whose own examples cite missing rules on purpose. */
function scannedFiles(): string[] {
  const files = [
    ...SCANNED_DIRS.flatMap((dir) => listFiles(path.join(root, dir))),
    ...SCANNED_FILES.map((file) => path.join(root, file)).filter((file) => existsSync(file)),
  ];
  return files.filter((file) => file !== import.meta.filename);
}

/** Every citation of a docs/product page in a text; `file` is absolute. */
export function findCitations(file: string, text: string): Citation[] {
  const found: Citation[] = [];
  const lines = text.split('\n');
  lines.forEach((lineText, index) => {
    for (const match of lineText.matchAll(PRODUCT_CITATION)) {
      found.push({
        file,
        line: index + 1,
        page: path.join(productDir, match[1]!),
        anchor: match[2],
      });
    }
    if (!file.endsWith('.md')) return;
    for (const match of lineText.matchAll(MARKDOWN_LINK)) {
      const target = path.resolve(path.dirname(file), match[1]!);
      if (path.dirname(target) !== productDir) continue;
      found.push({ file, line: index + 1, page: target, anchor: match[2] });
    }
  });
  return found;
}

/** The anchors a page defines. */
export function anchorsOf(text: string): Set<string> {
  return new Set([...text.matchAll(ANCHOR)].map((match) => match[1]!));
}

/** What is wrong with each citation, given the pages as they are: one line each. */
export function brokenCitations(
  citations: Citation[],
  readPage: (page: string) => string | undefined,
): string[] {
  return citations.flatMap(({ file, line, page, anchor }) => {
    const where = `${path.relative(root, file)}:${line}`;
    const cited = `${path.relative(root, page)}${anchor ? `#${anchor}` : ''}`;
    const text = readPage(page);
    if (text === undefined) return [`${where}: ${cited}: no such page`];
    if (anchor !== undefined && !anchorsOf(text).has(anchor))
      return [`${where}: ${cited}: no such anchor`];
    return [];
  });
}

const readPage = (page: string) => (existsSync(page) ? readFileSync(page, 'utf8') : undefined);

describe('citations of docs/product', () => {
  const files = scannedFiles();

  it('name a page and an anchor that exist', () => {
    const citations = files.flatMap((file) => findCitations(file, readFileSync(file, 'utf8')));
    expect(citations.length).toBeGreaterThan(200);
    expect(brokenCitations(citations, readPage)).toEqual([]);
  });

  it('never cite a document outside the repository or a ticket number', () => {
    const found = files.flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((text, index) =>
          OUTSIDE_CITATION.test(text)
            ? [`${path.relative(root, file)}:${index + 1}: ${text.trim()}`]
            : [],
        ),
    );
    expect(found).toEqual([]);
  });

  it('reports a citation whose anchor or page is missing', () => {
    const file = path.join(root, 'src/example.ts');
    const citations = findCitations(
      file,
      '// docs/product/audit-trail.md#audit-chain\n// docs/product/audit-trail.md#no-such-rule\n// docs/product/nowhere.md#x',
    );
    const pages = (page: string) =>
      page.endsWith('audit-trail.md') ? '<a id="audit-chain"></a>' : undefined;
    expect(brokenCitations(citations, pages)).toEqual([
      'src/example.ts:2: docs/product/audit-trail.md#no-such-rule: no such anchor',
      'src/example.ts:3: docs/product/nowhere.md#x: no such page',
    ]);
  });

  it('follows relative markdown links into docs/product', () => {
    const file = path.join(root, 'docs/decisions/000-example.md');
    const [citation] = findCitations(file, 'See [the rule](../product/setup.md#setup-key).');
    expect(citation).toMatchObject({
      page: path.join(productDir, 'setup.md'),
      anchor: 'setup-key',
    });
  });
});
