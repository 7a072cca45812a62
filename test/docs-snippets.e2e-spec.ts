/**
 * Every TypeScript snippet of README.md, docs/*.md and the packages' README.md is a file under
 * examples/ (compiled by `npm run typecheck` with Nest's default tsconfig and
 * `skipLibCheck: false`), shown as it is: the line before each ```ts fence
 * names it, `<!-- example: examples/metrics/billing.ts -->`, or a marked
 * region of it, `<!-- example: examples/tracing/spans.ts#usage -->` (the lines
 * between `// #region usage` and `// #endregion usage`). A snippet that
 * differs from its file by one byte fails here, so none can drift from code
 * that compiles. The install table's `package@range` entries must be the
 * ranges the packages' package.json files declare.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
// The testing guide's examples are jest tests: importing them runs them here, so they
// cannot rot in behaviour either.
import '../examples/testing/welcome.test-example.js';
import '../examples/testing/fake-apns.test-example.js';

// The same reading of documents and examples as `node scripts/sync-doc-snippets.js`, which
// rewrites the snippets this test compares.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { docFiles, exampleRefBefore, exampleText } = require('../scripts/sync-doc-snippets.js') as {
  docFiles(): string[];
  /** The example reference of the fence on line `i` (the line before, or before a blank one). */
  exampleRefBefore(lines: string[], i: number): RegExpExecArray | null;
  exampleText(path: string, region?: string): string;
};

const ROOT = join(__dirname, '..');

interface Snippet {
  doc: string;
  line: number;
  code: string;
  ref?: { path: string; region?: string };
}

/** The ```ts blocks of a markdown file, each with the example reference on the line before. */
function snippetsOf(doc: string): Snippet[] {
  const lines = readFileSync(join(ROOT, doc), 'utf8').split('\n');
  const out: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(ts|typescript)\s*$/.test(lines[i])) continue;
    const end = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
    if (end < 0) throw new Error(`${doc}:${i + 1}: a \`\`\`ts block is never closed`);
    const match = exampleRefBefore(lines, i);
    out.push({
      doc,
      line: i + 1,
      code: lines.slice(i + 1, end).join('\n'),
      ref: match ? { path: match[1], region: match[2] } : undefined,
    });
    i = end;
  }
  return out;
}

const snippets = docFiles().flatMap(snippetsOf);

describe('documentation snippets are example files', () => {
  it('finds the documents and their TypeScript snippets', () => {
    expect(docFiles().length).toBeGreaterThan(1);
    expect(snippets.length).toBeGreaterThan(10);
  });

  it.each(snippets.map((s) => [`${s.doc}:${s.line}`, s] as const))(
    '%s is byte-identical to the example it names',
    (_where, snippet) => {
      if (!snippet.ref) {
        throw new Error(
          `${snippet.doc}:${snippet.line}: put the snippet in a file under examples/ and name it ` +
            'on the line before the fence: <!-- example: examples/<file>.ts -->',
        );
      }
      const { path, region } = snippet.ref;
      expect(existsSync(join(ROOT, path))).toBe(true);
      expect(snippet.code).toBe(exampleText(path, region));
    },
  );

  it('every example named by a document is compiled as a CommonJS app and as an ES module app', () => {
    const read = (file: string) =>
      JSON.parse(
        readFileSync(join(ROOT, 'examples', file), 'utf8').replace(/^\s*\/\/.*$/gm, ''),
      ) as { include: string[]; exclude?: string[] };
    const commonjs = read('tsconfig.json');
    const esm = read('tsconfig.esm.json');
    expect(commonjs.include).toContain('**/*.ts');
    expect(esm.include).toContain('**/*.ts');
    const commonjsOnly = esm.exclude ?? [];
    const esmOnly = commonjs.exclude ?? [];
    // A file left out of one compile is the other module system's form of a snippet
    // (install/main.ts ends in a top-level await): the two lists name different files.
    expect(commonjsOnly.filter((f) => esmOnly.includes(f))).toEqual([]);
    for (const s of snippets) {
      const path = relative(join(ROOT, 'examples'), join(ROOT, s.ref!.path));
      expect(path.startsWith('..')).toBe(false);
      if (esmOnly.includes(path) || commonjsOnly.includes(path)) {
        // its other form is shown in the same guide
        const forms = [...esmOnly, ...commonjsOnly].filter((f) => f !== path);
        expect(
          snippets.some((o) => o.doc === s.doc && forms.includes(o.ref?.path.slice(9) ?? '')),
        ).toBe(true);
      }
    }
  });
});

describe('documentation links', () => {
  const links = docFiles().flatMap((doc) =>
    [...readFileSync(join(ROOT, doc), 'utf8').matchAll(/\]\(([^)\s]+)\)/g)]
      .map((m) => m[1])
      .filter((target) => !/^[a-z]+:/.test(target) && !target.startsWith('#'))
      .map((target) => [doc, target] as const),
  );

  it('finds relative links', () => {
    expect(links.length).toBeGreaterThan(20);
  });

  it.each(links)('%s links to %s, which exists', (doc, target) => {
    const path = join(ROOT, doc, '..', target.split('#')[0]);
    expect(existsSync(path)).toBe(true);
  });
});

describe('the install table states the declared ranges', () => {
  const declared = new Map<string, Set<string>>();
  for (const lib of readdirSync(join(ROOT, 'libs'))) {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'libs', lib, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      peerDependencies?: Record<string, string>;
      engines?: { node?: string };
    };
    const all = { ...manifest.dependencies, ...manifest.peerDependencies };
    if (manifest.engines?.node) all.node = manifest.engines.node;
    for (const [name, range] of Object.entries(all)) {
      if (!declared.has(name)) declared.set(name, new Set());
      declared.get(name)!.add(range);
    }
  }
  const install = readFileSync(join(ROOT, 'docs/install.md'), 'utf8');
  // `prom-client@^15.1.0`, `@nestjs/core@^11.0.0 || ^12.0.0`, `node@^20.19.0 || ...`; in a
  // table a `|` is written `\|` (GitHub shows it as `|`, in code spans too)
  const entries = [...install.matchAll(/`((?:@[\w.-]+\/)?[\w.-]+)@([^`]+)`/g)].map(
    (m) => [m[1], m[2].replace(/\\\|/g, '|')] as const,
  );

  it('names packages with ranges', () => {
    expect(entries.length).toBeGreaterThan(15);
  });

  it.each(entries)('%s@%s is what package.json declares', (name, range) => {
    expect(declared.has(name)).toBe(true);
    expect([...declared.get(name)!]).toContain(range);
  });

  it('lists every optional peer of every package', () => {
    const named = new Set(entries.map(([name]) => name));
    for (const lib of readdirSync(join(ROOT, 'libs'))) {
      const manifest = JSON.parse(
        readFileSync(join(ROOT, 'libs', lib, 'package.json'), 'utf8'),
      ) as { peerDependencies?: Record<string, string> };
      for (const peer of Object.keys(manifest.peerDependencies ?? {})) {
        expect(`${lib}: ${peer} ${named.has(peer) ? 'listed' : 'missing'}`).toBe(
          `${lib}: ${peer} listed`,
        );
      }
    }
  });
});
