import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  BASE_DEPENDENCIES,
  BASE_DEV_DEPENDENCIES,
  ECOSYSTEMS,
  FEATURES,
  type EcosystemName,
  type Feature,
  type FeatureName,
  type SqliteDriver,
} from './consumer-variants.js';

/** The app's sources (copied as they are) live beside this file. */
const APP_SOURCES = join(__dirname, 'app', 'src');

/**
 * Nest's default tsconfig (`nest new --strict`, @nestjs/schematics 12) with
 * one change: `skipLibCheck: false`, so every published declaration is
 * checked. No `useDefineForClassFields` override (target ES2023 defines class
 * fields), and only `node` types (the app has no jest tests).
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

/** What one consumer app is made of. */
export interface ConsumerAppSpec {
  ecosystem: EcosystemName;
  /** The preset or feature list it was made from (`full`, `mail-only`, `metrics,mail`). */
  featureSet: string;
  features: FeatureName[];
  /** `npm pack` output by package name (`@herald/monitor` → /tmp/.../herald-monitor-0.1.0.tgz). */
  tarballs: Record<string, string>;
  sqlite: SqliteDriver;
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
    (f) => `import { ${FEATURES[f].module} } from './${f}/${f}-feature.module';`,
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

/** Writes a fresh Nest app into `dir`: package.json, tsconfig and the chosen features' sources. */
export function writeConsumerApp(dir: string, spec: ConsumerAppSpec, repoRoot: string): void {
  const { ecosystem, features } = spec;
  const herald = heraldClosure(
    features.flatMap((f) => FEATURES[f].herald),
    repoRoot,
  );
  const peers = features.flatMap((f) => FEATURES[f].peers as string[]);
  if (features.includes('inbox')) peers.push(spec.sqlite === 'sqljs' ? 'sql.js' : 'better-sqlite3');
  const heraldDeps = Object.fromEntries(
    herald.map((name) => {
      const tarball = spec.tarballs[name];
      if (!tarball) throw new Error(`no tarball was packed for ${name}`);
      return [name, `file:${tarball}`];
    }),
  );
  const manifest = {
    name: 'herald-consumer-app',
    version: '0.0.0',
    private: true,
    license: 'UNLICENSED',
    scripts: { build: 'tsc -p tsconfig.build.json', 'start:prod': 'node dist/main' },
    dependencies: { ...pinned([...BASE_DEPENDENCIES, ...peers], ecosystem), ...heraldDeps },
    devDependencies: pinned(BASE_DEV_DEPENDENCIES, ecosystem),
  };
  mkdirSync(join(dir, 'src'), { recursive: true });
  writeFileSync(join(dir, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  writeFileSync(join(dir, 'tsconfig.json'), `${JSON.stringify(CONSUMER_TSCONFIG, null, 2)}\n`);
  writeFileSync(
    join(dir, 'tsconfig.build.json'),
    `${JSON.stringify(
      {
        extends: './tsconfig.json',
        compilerOptions: { rootDir: './src' },
        include: ['src'],
        exclude: ['node_modules', 'test', 'dist', '**/*spec.ts'],
      },
      null,
      2,
    )}\n`,
  );
  cpSync(join(APP_SOURCES, 'main.ts'), join(dir, 'src', 'main.ts'));
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
}
