import { betterSqlite3IsSafe } from '../../apps/demo/src/database/sqlite-driver.util.js';

/**
 * What the consumer check installs: the ecosystems (exact versions, so a run
 * is reproducible; bump `newest` when a new major or minor ships) and the
 * features a consumer app can import, each with the peers it needs.
 */

/** How the app is shaped: `nest new` with CLI 12 (`ts-esm`) or CLI 11 (`ts`). */
export type ModuleSystem = 'esm' | 'cjs';

/** A set of exact versions for the app's framework, peers and compiler, and the app's shape. */
export interface Ecosystem {
  description: string;
  /**
   * `esm`: Nest CLI 12's `ts-esm` template ("type": "module", nodenext, `.js`
   * relative imports, top-level `await bootstrap()`); `cjs`: CLI 11's `ts`
   * template (CommonJS, Jest with ts-jest).
   */
  module: ModuleSystem;
  /** The Nest CLI whose `nest new` template the app follows (its tsconfig). */
  cli: 11 | 12;
  /** The feature sets it runs (default: every one asked for); the first is its `cells` app. */
  featureSets?: string[];
  /** Exact versions by package name; every package an app may install is listed. */
  versions: Record<string, string>;
  /**
   * Further TypeScript versions the `full` app is compiled with (installed
   * beside `typescript` as `typescript-<version>` aliases, so one install
   * serves every compiler).
   */
  moreTypescripts: string[];
  /** Runs the template's Jest suite (with a spec importing Herald) in the `full` app. */
  jest: boolean;
  /**
   * TypeScript versions of `moreTypescripts` that cannot compile this app, with
   * the error expected in the app's own sources: the cell passes when the
   * compile fails with it (it guards what docs/install.md says).
   */
  expectedFailures?: Record<string, string>;
  /**
   * Node versions (of `--also-node`) on which the `full` app cannot boot, with
   * the error code expected in its output: the cell passes when the boot fails
   * with it (it guards what docs/install.md says).
   */
  expectedBootFailures?: Record<string, string>;
}

export const ECOSYSTEMS = {
  /**
   * What `nest new` makes today (CLI 12, ES module app) with what `npm install
   * <pkg>@latest` gives (TypeORM 1.x accepts better-sqlite3 12 only), compiled
   * with every TypeScript line the README names.
   */
  newest: {
    description: 'Nest 12 ES module app (CLI 12 ts-esm), TypeORM 1.x, TypeScript 7 + 5.5, 5.8, 6.0',
    module: 'esm',
    cli: 12,
    moreTypescripts: ['5.5.4', '5.8.3', '6.0.3'],
    jest: false,
    versions: {
      '@nestjs/common': '12.5.1',
      '@nestjs/core': '12.5.1',
      '@nestjs/platform-express': '12.5.1',
      '@nestjs/event-emitter': '12.0.1',
      '@nestjs/terminus': '12.1.0',
      '@nestjs/typeorm': '12.0.2',
      '@opentelemetry/otlp-exporter-base': '0.223.1',
      '@opentelemetry/otlp-transformer': '0.223.1',
      '@opentelemetry/sdk-metrics': '2.12.1',
      '@types/express': '5.0.6',
      '@types/node': '24.19.2',
      'class-transformer': '0.5.1',
      'class-validator': '0.14.4',
      'better-sqlite3': '12.11.1',
      bullmq: '5.81.5',
      'prom-client': '15.1.3',
      'reflect-metadata': '0.2.2',
      rxjs: '7.8.2',
      'sql.js': '1.16.0',
      typeorm: '1.1.1',
      typescript: '7.0.2',
    },
  },
  /**
   * Nest CLI 12's CommonJS template (`nest new` without ES modules) on Nest 12,
   * whose own packages are ES modules: TypeScript 6.0 (the template's) and 5.8,
   * 7.0 compile it; 5.5 cannot (TS1479 on the app's own `@nestjs/common` import,
   * Herald or not). Only the mail-only app: the other features are proven above.
   */
  'newest-cjs': {
    description:
      'Nest 12 CommonJS app (CLI 12 ts), TypeScript 6.0 + 5.5 (expected TS1479), 5.8, 7.0',
    module: 'cjs',
    cli: 12,
    featureSets: ['mail-only'],
    moreTypescripts: ['5.5.4', '5.8.3', '7.0.2'],
    expectedFailures: { '5.5.4': 'TS1479' },
    jest: false,
    versions: {
      '@nestjs/common': '12.5.1',
      '@nestjs/core': '12.5.1',
      '@nestjs/platform-express': '12.5.1',
      '@nestjs/event-emitter': '12.0.1',
      '@nestjs/terminus': '12.1.0',
      '@nestjs/typeorm': '12.0.2',
      '@opentelemetry/otlp-exporter-base': '0.223.1',
      '@opentelemetry/otlp-transformer': '0.223.1',
      '@opentelemetry/sdk-metrics': '2.12.1',
      '@types/express': '5.0.6',
      '@types/node': '24.19.2',
      'class-transformer': '0.5.1',
      'class-validator': '0.14.4',
      'better-sqlite3': '12.11.1',
      bullmq: '5.81.5',
      'prom-client': '15.1.3',
      'reflect-metadata': '0.2.2',
      rxjs: '7.8.2',
      'sql.js': '1.16.0',
      typeorm: '1.1.1',
      typescript: '6.0.3',
    },
  },
  /**
   * The lower bounds of the peer ranges in libs/<pkg>/package.json. TypeORM
   * 0.3.20 accepts better-sqlite3 up to 9; TypeScript 5.5 is the oldest that
   * accepts Nest's default `target: ES2023` (the declarations alone pass with
   * 5.0 at ES2022). Shaped as Nest CLI 11's CommonJS app, with its Jest suite.
   */
  oldest: {
    description:
      'Nest 11.0 CommonJS app (CLI 11 ts), TypeORM 0.3.20, TypeScript 5.5 + 5.8, 7.0, Jest 30.2',
    module: 'cjs',
    cli: 11,
    moreTypescripts: ['5.8.3', '7.0.2'],
    jest: true,
    versions: {
      '@nestjs/common': '11.0.0',
      '@nestjs/core': '11.0.0',
      '@nestjs/platform-express': '11.0.0',
      '@nestjs/event-emitter': '3.0.0',
      '@nestjs/terminus': '11.0.0',
      '@nestjs/typeorm': '11.0.0',
      '@nestjs/testing': '11.0.0',
      '@types/jest': '30.0.0',
      jest: '30.2.0',
      'ts-jest': '29.4.15',
      '@opentelemetry/otlp-exporter-base': '0.207.0',
      '@opentelemetry/otlp-transformer': '0.207.0',
      '@opentelemetry/sdk-metrics': '2.2.0',
      '@types/express': '5.0.0',
      '@types/node': '20.19.0',
      'class-transformer': '0.5.1',
      'class-validator': '0.14.4',
      'better-sqlite3': '9.6.0',
      bullmq: '5.0.0',
      'prom-client': '15.1.0',
      'reflect-metadata': '0.2.0',
      rxjs: '7.8.0',
      'sql.js': '1.8.0',
      typeorm: '0.3.20',
      typescript: '5.5.4',
    },
  },
} satisfies Record<string, Ecosystem>;

export type EcosystemName = keyof typeof ECOSYSTEMS;

/** What every Nest app installs (Nest's own template), whatever it imports from Herald. */
export const BASE_DEPENDENCIES = [
  '@nestjs/common',
  '@nestjs/core',
  '@nestjs/platform-express',
  'reflect-metadata',
  'rxjs',
];
export const BASE_DEV_DEPENDENCIES = ['typescript', '@types/node', '@types/express'];
/** What the CLI 11 template adds for its Jest suite (ts-jest, CommonJS). */
export const JEST_DEV_DEPENDENCIES = ['jest', 'ts-jest', '@types/jest', '@nestjs/testing'];

/** One slice of the consumer app: its source folder under app/src and what it needs. */
export interface Feature {
  /** The Nest module in `<folder>/<folder>-feature.module.ts`. */
  module: string;
  /** Herald packages it imports. */
  herald: string[];
  /** Peer dependencies it installs (the SQLite driver is added by `sqliteDriver`). */
  peers: string[];
  /**
   * Features it builds on. `a|b` is satisfied by either; when neither is in
   * the app, `a` is added (MonitorModule is configured once, by `metrics`
   * with Prometheus or by `monitor` without a metrics backend).
   */
  requires: string[];
  /** Files of other features' folders it uses too (`inbox/inbox.controller.ts`), copied alongside. */
  shares?: string[];
  /** Only apps of these module systems get it (default: all). */
  moduleSystems?: ModuleSystem[];
}

export const FEATURES = {
  metrics: {
    module: 'MetricsFeatureModule',
    herald: ['@herald/contracts', '@herald/monitor'],
    peers: ['prom-client'],
    requires: [],
  },
  monitor: {
    module: 'MonitorFeatureModule',
    herald: ['@herald/monitor'],
    peers: [],
    requires: [],
  },
  health: {
    module: 'HealthFeatureModule',
    herald: ['@herald/monitor'],
    peers: [],
    requires: ['metrics|monitor'],
  },
  tracing: {
    module: 'TracingFeatureModule',
    herald: ['@herald/monitor'],
    peers: ['@opentelemetry/otlp-exporter-base', '@opentelemetry/otlp-transformer'],
    requires: ['metrics|monitor'],
  },
  terminus: {
    module: 'TerminusFeatureModule',
    herald: ['@herald/monitor'],
    peers: ['@nestjs/terminus'],
    requires: [],
  },
  mail: {
    module: 'MailFeatureModule',
    herald: ['@herald/contracts', '@herald/notification'],
    peers: [],
    requires: [],
  },
  inbox: {
    module: 'InboxFeatureModule',
    herald: ['@herald/contracts', '@herald/notification'],
    peers: [
      'typeorm',
      '@nestjs/typeorm',
      '@nestjs/event-emitter',
      'class-validator',
      'class-transformer',
    ],
    requires: [],
  },
  /**
   * The dual-package hazard check: a `.cjs` module of the ES module app
   * requires @herald/contracts and @herald/monitor; `GET /dual-load` compares
   * the token, MonitorModule class and collector with what `import` gave.
   */
  'dual-load': {
    module: 'DualLoadFeatureModule',
    herald: ['@herald/contracts', '@herald/monitor'],
    peers: [],
    requires: ['metrics|monitor'],
    moduleSystems: ['esm'],
  },
  'inbox-memory': {
    module: 'InboxMemoryFeatureModule',
    herald: ['@herald/contracts', '@herald/notification'],
    peers: ['@nestjs/event-emitter', 'class-validator', 'class-transformer'],
    requires: [],
    shares: [
      'inbox/inbox.controller.ts',
      'inbox/inbox/inbox.dto.ts',
      'inbox/current-user.decorator.ts',
      'inbox/inbox-hooks.listener.ts',
      'inbox/inbox-test.controller.ts',
      'inbox/consumer-user.guard.ts',
    ],
  },
} satisfies Record<string, Feature>;

export type FeatureName = keyof typeof FEATURES;

/** The features of `spec` that an app of `module` gets (`dual-load` needs an ES module app). */
export function featuresFor(spec: string, module: ModuleSystem): FeatureName[] {
  return resolveFeatures(spec).filter((name) => {
    const only = (FEATURES[name] as Feature).moduleSystems;
    return !only || only.includes(module);
  });
}

/**
 * Named feature sets: `full` installs every peer its features use; the
 * others are what a user of one feature installs, and nothing more.
 */
export const PRESETS: Record<string, FeatureName[]> = {
  full: ['metrics', 'health', 'tracing', 'terminus', 'mail', 'inbox', 'dual-load'],
  'mail-only': ['mail'],
  'inbox-only': ['inbox-memory'],
  'metrics-only': ['metrics', 'health'],
  'tracing-only': ['monitor', 'tracing'],
};

/** The SQLite driver of the inbox: better-sqlite3 where it is safe, else sql.js. */
export type SqliteDriver = 'better-sqlite3' | 'sqljs';

/** better-sqlite3 12 aborts Node 24.19+ when V8 collects a statement (see the README). */
export function sqliteDriverFor(nodeVersion: string): SqliteDriver {
  return betterSqlite3IsSafe(nodeVersion.replace(/^v/, '')) ? 'better-sqlite3' : 'sqljs';
}

/** Expands a preset name or a comma-separated feature list, adding required features. */
export function resolveFeatures(spec: string): FeatureName[] {
  const names: string[] = PRESETS[spec] ?? spec.split(',').map((s) => s.trim());
  const out = new Set<FeatureName>();
  const add = (name: string): void => {
    if (!(name in FEATURES)) {
      throw new Error(
        `unknown feature "${name}"; use a preset (${Object.keys(PRESETS).join(', ')}) or features from: ${Object.keys(FEATURES).join(', ')}`,
      );
    }
    const feature: Feature = FEATURES[name as FeatureName];
    for (const requirement of feature.requires) {
      const choices = requirement.split('|');
      const present = choices.find(
        (choice) => out.has(choice as FeatureName) || names.includes(choice),
      );
      add(present ?? choices[0]);
    }
    out.add(name as FeatureName);
  };
  names.forEach(add);
  return [...out];
}
