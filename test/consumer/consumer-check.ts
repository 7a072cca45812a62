/**
 * The consumer-app check: packs every library, installs the tarballs into a
 * brand-new Nest app outside the repo (Nest's default tsconfig, strict,
 * `skipLibCheck: false`) with its peers from the npm registry, compiles it
 * with the app's own `tsc`, boots it and checks it over HTTP.
 *
 *   node -r ./test/helpers/swc-register.js test/consumer/consumer-check.ts \
 *     [--ecosystem newest,oldest] \
 *     [--features full|mail-only|inbox-only|metrics-only|tracing-only|metrics,mail,...] \
 *     [--node /path/to/bin/node] [--skip-build] [--keep]
 *
 * Several `--features` values (comma-free presets separated by `+`, e.g.
 * `mail-only+metrics-only`) run one app each. Exit code 0 when every app
 * compiled, booted, passed its probes and stopped cleanly.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OtlpReceiver } from '../helpers/otlp-receiver.js';
import { writeConsumerApp } from './consumer-app.writer.js';
import { runProbes, type ProbeResult } from './consumer-probes.js';
import { cleanEnv, run, startApp, stopApp } from './consumer-process.util.js';
import {
  ECOSYSTEMS,
  resolveFeatures,
  sqliteDriverFor,
  type EcosystemName,
  type FeatureName,
} from './consumer-variants.js';

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
];

interface Options {
  ecosystems: EcosystemName[];
  featureSets: string[];
  node: string;
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

async function checkApp(
  root: string,
  tarballs: Record<string, string>,
  ecosystem: EcosystemName,
  featureSet: string,
  node: string,
): Promise<AppReport> {
  const features: FeatureName[] = resolveFeatures(featureSet);
  const nodeVersion = execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  const sqlite = sqliteDriverFor(nodeVersion);
  const label = `${ecosystem}/${featureSet}`;
  const dir = join(root, `${ecosystem}-${featureSet}`.replace(/[^a-z0-9-]/gi, '_'));
  const report: AppReport = { label, node: nodeVersion, installed: '', timings: [], checks: [] };
  const env = cleanEnv(node);
  const fail = (name: string, detail: string): AppReport => {
    report.checks.push({ name, ok: false, detail });
    return report;
  };

  log(`${label}: writing the app (${features.join(', ')}) in ${dir}`);
  writeConsumerApp(dir, { ecosystem, featureSet, features, tarballs, sqlite }, REPO);

  log(`${label}: npm install (Node ${nodeVersion}, ${ECOSYSTEMS[ecosystem].description})`);
  const install = await run('npm', ['install', '--no-audit', '--no-fund'], {
    cwd: dir,
    env,
    timeoutMs: 300_000,
  });
  report.timings.push(`install ${(install.ms / 1000).toFixed(0)}s`);
  if (install.code !== 0)
    return fail('install', install.output.trim().split('\n').slice(-30).join('\n'));
  report.installed = installedVersions(dir);
  report.checks.push({ name: 'install', ok: true, detail: 'no peer conflict, no --force' });

  log(`${label}: tsc -p tsconfig.build.json`);
  const tsc = await run(
    node,
    [
      join(dir, 'node_modules', 'typescript', 'bin', 'tsc'),
      '-p',
      'tsconfig.build.json',
      '--pretty',
      'false',
    ],
    { cwd: dir, env, timeoutMs: 180_000 },
  );
  report.timings.push(`compile ${(tsc.ms / 1000).toFixed(0)}s`);
  if (tsc.code !== 0) {
    const errors = diagnostics(tsc.output);
    return fail(
      'compile',
      `${errors.length} errors:\n${(errors.length ? errors : [tsc.output]).join('\n')}`,
    );
  }
  report.checks.push({ name: 'compile', ok: true, detail: 'strict, skipLibCheck: false' });

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
    log(`${label}: node dist/main.js`);
    const bootStarted = Date.now();
    let app;
    try {
      app = await startApp(node, dir, appEnv, 60_000);
    } catch (error) {
      return fail('boot', (error as Error).message);
    }
    report.timings.push(`boot ${((Date.now() - bootStarted) / 1000).toFixed(1)}s`);
    report.checks.push({ name: 'boot', ok: true, detail: app.url });
    report.checks.push(...(await runProbes({ url: app.url, log: app.log, receiver, features })));
    // Nest's shutdown hooks close the app, then re-raise the signal: SIGTERM (or 0) is a clean stop.
    const exit = await stopApp(app, 15_000);
    const clean = exit === 0 || exit === 'SIGTERM';
    report.checks.push({
      name: 'shutdown',
      ok: clean,
      detail: clean
        ? `SIGTERM → closed (${exit})`
        : `SIGTERM → ${exit}:\n${app.log().slice(-2000)}`,
    });
    const failed = report.checks.some((c) => !c.ok);
    if (failed) log(`${label}: app log\n${app.log()}`);
    return report;
  } finally {
    await receiver.stop();
  }
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
  try {
    log(`npm pack ${LIBS.map((l) => `@herald/${l}`).join(' ')} → ${root}/tarballs`);
    const tarballs = packLibraries(join(root, 'tarballs'));
    for (const ecosystem of options.ecosystems) {
      for (const featureSet of options.featureSets) {
        reports.push(await checkApp(root, tarballs, ecosystem, featureSet, options.node));
      }
    }
  } finally {
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
