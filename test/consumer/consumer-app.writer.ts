import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import {
  BASE_DEPENDENCIES,
  BASE_DEV_DEPENDENCIES,
  ECOSYSTEMS,
  FEATURES,
  JEST_DEV_DEPENDENCIES,
  type EcosystemName,
  type Feature,
  type FeatureName,
  type ModuleSystem,
  type SqliteDriver,
} from './consumer-variants.js';

/** The app's sources (copied as they are) live beside this file. */
const APP_SOURCES = join(__dirname, 'app', 'src');
/** The CommonJS app's Jest spec, copied as src/herald.spec.ts. */
const JEST_SPEC = join(__dirname, 'app', 'jest', 'herald.spec.ts');

/**
 * Nest CLI 12's `ts-esm` template tsconfig (`nest new --strict`; its CommonJS
 * `ts` template has the same options) with one
 * change: `skipLibCheck: false`, so every published declaration is checked;
 * `types` is `["node"]` (the template's `vitest/globals` goes with Vitest,
 * which the app does not install). No `useDefineForClassFields` override
 * (target ES2023 defines class fields).
 */
export const CONSUMER_TSCONFIG = {
  compilerOptions: {
    module: 'nodenext',
    moduleResolution: 'nodenext',
    resolvePackageJsonExports: true,
    esModuleInterop: true,
    isolatedModules: true,
    declaration: true,
    removeComments: true,
    emitDecoratorMetadata: true,
    experimentalDecorators: true,
    allowSyntheticDefaultImports: true,
    target: 'ES2023',
    types: ['node'],
    sourceMap: true,
    outDir: './dist',
    rootDir: '.',
    incremental: true,
    skipLibCheck: false,
    strict: true,
    strictPropertyInitialization: false,
  },
};

/**
 * Nest CLI 11's `ts` template tsconfig (CommonJS app) with `strict: true` in
 * place of its separate strict flags and `skipLibCheck: false`. Its `baseUrl:
 * "./"` is left out: TypeScript 6 deprecates `baseUrl` and the app compiles
 * with 7 too; nothing in a template app depends on it.
 */
export const CONSUMER_TSCONFIG_COMMONJS = {
  compilerOptions: {
    module: 'nodenext',
    moduleResolution: 'nodenext',
    resolvePackageJsonExports: true,
    esModuleInterop: true,
    isolatedModules: true,
    declaration: true,
    removeComments: true,
    emitDecoratorMetadata: true,
    experimentalDecorators: true,
    allowSyntheticDefaultImports: true,
    target: 'ES2023',
    sourceMap: true,
    outDir: './dist',
    incremental: true,
    skipLibCheck: false,
    strict: true,
    strictPropertyInitialization: false,
    forceConsistentCasingInFileNames: true,
    noFallthroughCasesInSwitch: true,
  },
};

/** The Jest configuration of the CLI 11 template's package.json. */
const TEMPLATE_JEST = {
  moduleFileExtensions: ['js', 'json', 'ts'],
  rootDir: 'src',
  testRegex: '.*\\.spec\\.ts$',
  transform: { '^.+\\.(t|j)s$': 'ts-jest' },
  collectCoverageFrom: ['**/*.(t|j)s'],
  coverageDirectory: '../coverage',
  testEnvironment: 'node',
};

/** How the app gets Herald: the README's commands against a registry, or the four tarballs. */
export type HeraldSource = 'registry' | 'tarballs';

/** What one consumer app is made of. */
export interface ConsumerAppSpec {
  ecosystem: EcosystemName;
  /** The preset or feature list it was made from (`full`, `mail-only`, `metrics,mail`). */
  featureSet: string;
  features: FeatureName[];
  /** `npm pack` output by package name (`@herald/monitor` → /tmp/.../herald-monitor-0.1.0.tgz). */
  tarballs: Record<string, string>;
  sqlite: SqliteDriver;
  module: ModuleSystem;
  /** The Nest CLI whose template the app follows. */
  cli: 11 | 12;
  source: HeraldSource;
  /** The local registry's URL, written to the app's .npmrc. */
  registry: string;
  /** Extra TypeScript versions (installed as `typescript-<version>`). */
  moreTypescripts: string[];
  jest: boolean;
}

/** A written app: the `npm install` argument lists that install Herald into it, in order. */
export interface WrittenApp {
  installs: string[][];
}

/** The Herald packages a package depends on, read from its libs/<name>/package.json. */
function heraldClosure(names: string[], repoRoot: string): string[] {
  const out = new Set<string>();
  const visit = (name: string): void => {
    if (out.has(name)) return;
    out.add(name);
    const manifest = JSON.parse(
      readFileSync(join(repoRoot, 'libs', name.replace('@herald/', ''), 'package.json'), 'utf8'),
    ) as { dependencies?: Record<string, string> };
    Object.keys(manifest.dependencies ?? {})
      .filter((dep) => dep.startsWith('@herald/'))
      .forEach(visit);
  };
  names.forEach(visit);
  return [...out].sort();
}

function pinned(names: string[], ecosystem: EcosystemName): Record<string, string> {
  const versions: Record<string, string> = ECOSYSTEMS[ecosystem].versions;
  return Object.fromEntries(
    [...new Set(names)].sort().map((name) => {
      const version = versions[name];
      if (!version) throw new Error(`ecosystem "${ecosystem}" pins no version of ${name}`);
      return [name, version];
    }),
  );
}

function appModuleSource(features: FeatureName[]): string {
  const imports = features.map(
    (f) => `import { ${FEATURES[f].module} } from './${f}/${f}-feature.module.js';`,
  );
  return [
    "import { Module } from '@nestjs/common';",
    ...imports,
    '',
    `/** The consumer app, made of the features: ${features.join(', ')}. */`,
    '@Module({',
    `  imports: [${features.map((f) => FEATURES[f].module).join(', ')}],`,
    '})',
    'export class AppModule {}',
    '',
  ].join('\n');
}

/**
 * The README's commands for what the features import: `npm install @herald/monitor
 * prom-client` (prom-client only with the metrics feature) and `npm install
 * @herald/notification`; or, from tarballs, docs/install.md's one command naming
 * all four. A peer the ecosystem pins below the latest (the oldest ecosystem) is
 * named with its version, else npm would take the latest.
 */
function heraldInstalls(spec: ConsumerAppSpec, repoRoot: string): string[][] {
  const { ecosystem, features } = spec;
  const imported = new Set(features.flatMap((f) => FEATURES[f].herald as string[]));
  const promClient =
    ecosystem === 'newest'
      ? 'prom-client'
      : `prom-client@${ECOSYSTEMS[ecosystem].versions['prom-client']}`;
  const withMetrics = features.includes('metrics') ? [promClient] : [];
  if (spec.source === 'tarballs') {
    const all = ['@herald/contracts', '@herald/observability', '@herald/monitor'];
    return [
      [
        ...[...all, '@herald/notification'].map((name) => {
          const tarball = spec.tarballs[name];
          if (!tarball) throw new Error(`no tarball was packed for ${name}`);
          return `./${basename(tarball)}`;
        }),
        ...withMetrics,
      ],
    ];
  }
  const installs: string[][] = [];
  const closure = heraldClosure([...imported], repoRoot);
  if (closure.includes('@herald/monitor')) installs.push(['@herald/monitor', ...withMetrics]);
  if (closure.includes('@herald/notification')) installs.push(['@herald/notification']);
  return installs;
}

/** Writes a fresh Nest app into `dir`: package.json, tsconfig and the chosen features' sources. */
export function writeConsumerApp(dir: string, spec: ConsumerAppSpec, repoRoot: string): WrittenApp {
  const { ecosystem, features } = spec;
  const esm = spec.module === 'esm';
  const peers = features
    .flatMap((f) => FEATURES[f].peers as string[])
    // the README's command installs prom-client (newest: its latest)
    .filter((name) => !(name === 'prom-client' && ecosystem === 'newest'));
  if (features.includes('inbox')) peers.push(spec.sqlite === 'sqljs' ? 'sql.js' : 'better-sqlite3');
  const devDependencies: Record<string, string> = pinned(
    [...BASE_DEV_DEPENDENCIES, ...(spec.jest ? JEST_DEV_DEPENDENCIES : [])],
    ecosystem,
  );
  for (const version of spec.moreTypescripts) {
    devDependencies[`typescript-${version}`] = `npm:typescript@${version}`;
  }
  const manifest = {
    name: 'herald-consumer-app',
    version: '0.0.0',
    private: true,
    license: 'UNLICENSED',
    ...(esm ? { type: 'module' } : {}),
    scripts: {
      build: 'tsc -p tsconfig.build.json',
      'start:prod': 'node dist/main',
      ...(spec.jest ? { test: 'jest' } : {}),
    },
    dependencies: pinned([...BASE_DEPENDENCIES, ...peers], ecosystem),
    devDependencies,
    ...(spec.jest ? { jest: TEMPLATE_JEST } : {}),
  };
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dir, '.npmrc'), `registry=${spec.registry}\n`);
  const cli12 = spec.cli === 12;
  const tsconfig = cli12 ? CONSUMER_TSCONFIG : CONSUMER_TSCONFIG_COMMONJS;
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  writeFileSync(
    join(dir, 'tsconfig.build.json'),
    `${JSON.stringify(
      {
        extends: './tsconfig.json',
        ...(cli12 ? { compilerOptions: { rootDir: './src' } } : {}),
        ...(cli12 ? { include: ['src'] } : {}),
        exclude: ['node_modules', 'test', 'dist', '**/*spec.ts'],
      },
      null,
      2,
    )}\n`,
  );
  cpSync(join(APP_SOURCES, esm ? 'main.mts' : 'main.ts'), join(dir, 'src', 'main.ts'));
  if (spec.jest) cpSync(JEST_SPEC, join(dir, 'src', 'herald.spec.ts'));
  if (spec.source === 'tarballs') {
    for (const tarball of Object.values(spec.tarballs)) {
      cpSync(tarball, join(dir, basename(tarball)));
    }
  }
  for (const feature of features) {
    // Recipe files are links to examples/ (one source for both): copy what they point to.
    cpSync(join(APP_SOURCES, feature), join(dir, 'src', feature), {
      recursive: true,
      dereference: true,
    });
    for (const file of (FEATURES[feature] as Feature).shares ?? []) {
      mkdirSync(join(dir, 'src', dirname(file)), { recursive: true });
      cpSync(join(APP_SOURCES, file), join(dir, 'src', file), { dereference: true });
    }
  }
  writeFileSync(join(dir, 'src', 'app.module.ts'), appModuleSource(features));
  return { installs: heraldInstalls(spec, repoRoot) };
}
