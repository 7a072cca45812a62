#!/usr/bin/env node
// Judges what users install: packs each package (npm pack, into a temporary
// directory), then runs @arethetypeswrong/cli (strict default profile: node10,
// node16 from CommonJS, node16 from ES modules, bundler) and publint --strict on
// every tarball, prints one table row per entry point, and exits 1 on any problem.
// Run `npm run build` first: the tarballs hold dist/.
//
//   node scripts/check-packages.js                 the five published packages
//   node scripts/check-packages.js <dir> [<dir>…]  other package directories
//
// attw rules ignored: none (docs/packaging.md says why none is needed).
const { spawnSync } = require('node:child_process');
const { mkdtempSync, readFileSync, rmSync, existsSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join, resolve } = require('node:path');

const ROOT = join(__dirname, '..');
const PACKAGES = [
  'libs/contracts',
  'libs/observability',
  'libs/monitor',
  'libs/notification',
  'libs/inbox-client',
];
const RESOLUTIONS = ['node10', 'node16-cjs', 'node16-esm', 'bundler'];
const ATTW = join(ROOT, 'node_modules', '@arethetypeswrong', 'cli', 'dist', 'index.js');

function run(cmd, args, cwd) {
  const out = spawnSync(cmd, args, { cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (out.error) throw out.error;
  return out;
}

function pack(dir, dest) {
  const out = run('npm', ['pack', '--json', '--pack-destination', dest], dir);
  if (out.status !== 0) throw new Error(`npm pack ${dir} failed:\n${out.stderr}`);
  const [info] = JSON.parse(out.stdout);
  return { name: info.name, tarball: join(dest, info.filename), files: info.files.length };
}

/** attw's JSON report: problems keyed by entry point and resolution kind. */
function attw(tarball) {
  const out = run(process.execPath, [ATTW, tarball, '--format', 'json'], ROOT);
  // exit 0: no problem; 1: problems found; anything else is attw's own failure.
  if (out.status !== 0 && out.status !== 1)
    throw new Error(`attw ${tarball} failed (${out.status}):\n${out.stderr}`);
  const { analysis } = JSON.parse(out.stdout);
  if (!analysis.types) return { entrypoints: {}, problems: [{ kind: 'NoTypes' }] };
  // Each resolution lists the problems it shows as indexes into analysis.problems.
  const entrypoints = {};
  for (const [entry, { resolutions }] of Object.entries(analysis.entrypoints)) {
    entrypoints[entry] = Object.fromEntries(
      RESOLUTIONS.map((kind) => [
        kind,
        (resolutions[kind]?.visibleProblems ?? []).map((i) => analysis.problems[i].kind),
      ]),
    );
  }
  return { entrypoints, problems: analysis.problems };
}

async function publint(tarball) {
  const { publint: lint } = await import('publint');
  const { formatMessage } = await import('publint/utils');
  const data = readFileSync(tarball);
  const buffer = data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength);
  const { messages, pkg } = await lint({
    pack: { tarball: buffer },
    strict: true,
    level: 'suggestion',
  });
  return messages.map((m) =>
    `${m.type}: ${formatMessage(m, pkg) ?? m.code}`.replace(/\x1b\[[0-9;]*m/g, ''),
  );
}

function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
  return rows
    .map((r) =>
      r
        .map((c, i) => c.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

async function main() {
  const dirs = process.argv.slice(2).length
    ? process.argv.slice(2).map((d) => resolve(d))
    : PACKAGES.map((p) => join(ROOT, p));
  for (const dir of dirs) {
    if (!existsSync(join(dir, 'package.json'))) throw new Error(`${dir}: no package.json`);
  }
  const dest = mkdtempSync(join(tmpdir(), 'herald-pack-'));
  const rows = [['package', 'entry point', ...RESOLUTIONS, 'publint']];
  const details = [];
  try {
    for (const dir of dirs) {
      const { name, tarball } = pack(dir, dest);
      const types = attw(tarball);
      const lint = await publint(tarball);
      if (!Object.keys(types.entrypoints).length)
        rows.push([name, '(none)', ...RESOLUTIONS.map(() => '-'), '']);
      for (const [i, [entry, kinds]] of Object.entries(types.entrypoints).entries()) {
        const cells = RESOLUTIONS.map((kind) =>
          kinds[kind].length ? [...new Set(kinds[kind])].join(',') : 'ok',
        );
        const lintCell = i > 0 ? '' : lint.length ? `${lint.length} problem(s)` : 'ok';
        rows.push([i === 0 ? name : '', entry, ...cells, lintCell]);
      }
      for (const p of types.problems) details.push(`${name}: attw ${p.kind} ${JSON.stringify(p)}`);
      for (const m of lint) details.push(`${name}: publint ${m}`);
    }
  } finally {
    rmSync(dest, { recursive: true, force: true });
  }
  process.stdout.write(`${table(rows)}\n`);
  if (details.length) {
    process.stdout.write(
      `\n${details.length} problem(s):\n${details.map((d) => `  ${d}`).join('\n')}\n`,
    );
    process.exitCode = 1;
  } else {
    process.stdout.write(
      '\nattw (strict profile, no rule ignored) and publint --strict: no problem.\n',
    );
  }
}

main().catch((error) => {
  process.stderr.write(`check-packages: ${error.stack ?? error}\n`);
  process.exitCode = 2;
});
