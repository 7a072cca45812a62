import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, relative } from 'node:path';
import { externalReferencesOf, packageOf } from './helpers/declaration-graph.util.js';

/**
 * What `npm publish` would ship, read from the built libraries (`npm test`
 * builds first): the declarations of each entry point name only packages a
 * consumer of that entry has installed, their JSDoc speaks TypeScript, and
 * each tarball carries a README and nothing of the build's own.
 */
const REPO = join(__dirname, '..');
const LIBS = ['contracts', 'observability', 'monitor', 'notification', 'inbox-client'];

interface ExportTarget {
  types: string;
  default: string;
}

interface Manifest {
  name: string;
  /** Per subpath: the ES module build (`module-sync`, `import`) and the CommonJS copy (`default`). */
  exports: Record<string, Record<'module-sync' | 'import' | 'default', ExportTarget> | string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const manifests: Record<string, Manifest> = Object.fromEntries(
  LIBS.map((lib) => [
    lib,
    JSON.parse(readFileSync(join(REPO, 'libs', lib, 'package.json'), 'utf8')) as Manifest,
  ]),
);

/** The optional peer a subpath exists for: only its importers install it. */
const SUBPATH_PEERS: Record<string, string[]> = {
  '@herald/monitor/prometheus': ['prom-client'],
  '@herald/monitor/otlp': ['@opentelemetry/sdk-metrics'],
  '@herald/notification/typeorm': ['typeorm'],
  '@herald/notification/bullmq': ['bullmq'],
};

/** Every entry point of every package: `@herald/monitor`, `@herald/monitor/testing`, ... */
const entries = LIBS.flatMap((lib) => {
  const manifest = manifests[lib];
  return Object.entries(manifest.exports)
    .filter(([, target]) => typeof target === 'object')
    .map(([subpath, target]) => ({
      lib,
      name: `${manifest.name}${subpath.slice(1)}`,
      types: join(REPO, 'libs', lib, (target as Record<string, ExportTarget>).import.types),
    }));
});

/** What a consumer of `lib` always has: node built-ins, dependencies, required peers, Herald packages. */
function alwaysInstalled(lib: string): Set<string> {
  const m = manifests[lib];
  const required = Object.keys(m.peerDependencies ?? {}).filter(
    (peer) => !m.peerDependenciesMeta?.[peer]?.optional,
  );
  return new Set([...Object.keys(m.dependencies ?? {}), ...required]);
}

function isBuiltin(specifier: string): boolean {
  return specifier.startsWith('node:') || builtinModules.includes(specifier);
}

describe('published declarations name only the peers their importers install', () => {
  it('finds every entry point the manifests export', () => {
    expect(entries.map((e) => e.name).sort()).toEqual(
      expect.arrayContaining([
        '@herald/contracts',
        '@herald/contracts/internal',
        '@herald/monitor',
        '@herald/monitor/otlp',
        '@herald/monitor/prometheus',
        '@herald/notification',
        '@herald/notification/bullmq',
        '@herald/notification/inbox',
        '@herald/notification/mailer',
        '@herald/notification/typeorm',
      ]),
    );
  });

  // The roots, /mailer, /inbox and /testing: no typeorm, bullmq, prom-client,
  // @opentelemetry/sdk-metrics, @sentry/*, nodemailer, ioredis, web-push, ...
  it.each(entries.map((e) => [e.name, e] as const))(
    '%s reaches no optional peer but its own',
    (_name, entry) => {
      const allowed = alwaysInstalled(entry.lib);
      const extra = SUBPATH_PEERS[entry.name] ?? [];
      const offending = externalReferencesOf(entry.types)
        .filter(({ specifier }) => !isBuiltin(specifier))
        .filter(({ specifier }) => !allowed.has(packageOf(specifier)))
        .filter(({ specifier }) => !extra.includes(packageOf(specifier)))
        .map(({ specifier, file }) => `${relative(REPO, file)} names ${specifier}`);
      expect(offending).toEqual([]);
    },
  );

  it.each(Object.entries(SUBPATH_PEERS))('%s is typed by %s', (name, peers) => {
    const entry = entries.find((e) => e.name === name)!;
    const reached = new Set(externalReferencesOf(entry.types).map((r) => packageOf(r.specifier)));
    for (const peer of peers) expect(reached).toContain(peer);
  });
});

/** Every emitted declaration file of a library. */
function declarationFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((d) => d.isFile() && d.name.endsWith('.d.ts'))
    .map((d) => join(d.parentPath, d.name));
}

/** Words that belong to the specification or another language, not to a TypeScript user's docs. */
const FOREIGN_WORDS: Array<[RegExp, string]> = [
  [/\bSPEC\b/, 'a reference to the specification'],
  [/API\.md/, 'a reference to API.md'],
  [/\bfw\.[a-z]/, "the specification's fw. prefix"],
  [/\bNone\b/, 'Python None (say undefined)'],
  [/\bdict\b/, 'Python dict (say Record or Map)'],
  [/\bPython\b/, 'Python'],
  [/\b[a-z][a-z0-9]*(?:_[a-z0-9]+)+\(/, 'a snake_case function (say camelCase)'],
];

describe('published JSDoc speaks TypeScript', () => {
  it.each(LIBS)('@herald/%s declarations have no specification or Python wording', (lib) => {
    const files = declarationFiles(join(REPO, 'libs', lib, 'dist'));
    expect(files.length).toBeGreaterThan(0);
    const found: string[] = [];
    for (const file of files) {
      readFileSync(file, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          for (const [pattern, what] of FOREIGN_WORDS) {
            if (pattern.test(line)) {
              found.push(`${relative(REPO, file)}:${i + 1}: ${what}: ${line.trim()}`);
            }
          }
        });
    }
    expect(found).toEqual([]);
  });

  it('the check recognises each pattern', () => {
    const samples = [
      '/** SPEC `Tracer`. */',
      '(API.md §5)',
      "SPEC's `fw.admin.contributors`",
      'returns None',
      'a dict of names',
      'Python decorators',
      'see run_all_with_summary()',
    ];
    samples.forEach((sample, i) => expect(FOREIGN_WORDS[i][0].test(sample)).toBe(true));
    expect(FOREIGN_WORDS.some(([p]) => p.test('store_backend: `database` or `memory`'))).toBe(
      false,
    );
  });
});

interface PackedFile {
  path: string;
}
interface Packed {
  name: string;
  files: PackedFile[];
}

describe('npm pack', () => {
  let packed: Packed[];

  beforeAll(() => {
    const json = execFileSync(
      'npm',
      ['pack', '--dry-run', '--json', ...LIBS.flatMap((lib) => ['-w', `libs/${lib}`])],
      { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    packed = JSON.parse(json) as Packed[];
  }, 60_000);

  const filesOf = (lib: string): string[] =>
    packed.find((p) => p.name === manifests[lib].name)!.files.map((f) => f.path);

  it.each(LIBS)('@herald/%s ships README.md, package.json and dist only', (lib) => {
    const files = filesOf(lib);
    expect(files).toEqual(expect.arrayContaining(['README.md', 'package.json']));
    const readme = readFileSync(join(REPO, 'libs', lib, 'README.md'), 'utf8');
    expect(readme).toContain(`# ${manifests[lib].name}`);
    expect(readme).toMatch(/npm install @herald\//);
    expect(
      files.filter((f) => !['README.md', 'package.json'].includes(f) && !f.startsWith('dist/')),
    ).toEqual([]);
  });

  it.each(LIBS)('@herald/%s ships no build state, source maps or tests', (lib) => {
    const files = filesOf(lib);
    expect(files.filter((f) => /\.tsbuildinfo$|\.map$|\.spec\.|__fixtures__/.test(f))).toEqual([]);
    // maps are not shipped, so no shipped file may point at one
    const pointing = files
      .filter((f) => f.endsWith('.js') || f.endsWith('.d.ts'))
      .filter((f) =>
        readFileSync(join(REPO, 'libs', lib, f), 'utf8').includes('sourceMappingURL='),
      );
    expect(pointing).toEqual([]);
  });

  it.each(LIBS)('@herald/%s ships every file its exports name', (lib) => {
    const files = new Set(filesOf(lib));
    const targets = Object.values(manifests[lib].exports).flatMap((t) =>
      typeof t === 'string' ? [t] : Object.values(t).flatMap((c) => [c.types, c.default]),
    );
    for (const target of targets) expect(files).toContain(target.replace(/^\.\//, ''));
  });

  it('@herald/notification depends on handlebars and html-to-text, so templates work after install', () => {
    const m = manifests.notification;
    expect(Object.keys(m.dependencies ?? {})).toEqual(
      expect.arrayContaining(['handlebars', 'html-to-text']),
    );
    expect(Object.keys(m.peerDependencies ?? {})).not.toEqual(
      expect.arrayContaining(['handlebars']),
    );
    expect(Object.keys(m.peerDependencies ?? {})).not.toEqual(
      expect.arrayContaining(['html-to-text']),
    );
  });
});
