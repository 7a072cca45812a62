#!/usr/bin/env node
// The public surface of each package, as users can import it: one API report per
// entry point (libs/<pkg>/api/<pkg>[-<subpath>].api.md), made by
// @microsoft/api-extractor from the built ES module declarations (dist/**/index.d.ts;
// run `npm run build` first). api-extractor takes one entry point per
// configuration, so this script prepares one configuration per `exports` subpath.
//
//   node scripts/api-report.js           CI: compare; exit 1 when any report differs
//   node scripts/api-report.js --local   `npm run api:update`: rewrite the reports
//   ... [--reports <dir>] [<import name>…]  reports read from <dir>/<lib>/ (tests);
//                                           only the entry points named
const { mkdirSync, mkdtempSync, readFileSync, rmSync, existsSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');
const { Extractor, ExtractorConfig } = require('@microsoft/api-extractor');

const ROOT = join(__dirname, '..');
const LIBS = ['contracts', 'observability', 'monitor', 'notification', 'inbox-client'];
/** Browser packages: read with the DOM's types, not Node's. */
const BROWSER = ['inbox-client'];
const args = process.argv.slice(2);
const local = args.includes('--local');
const reportsAt = args.includes('--reports') ? args[args.indexOf('--reports') + 1] : undefined;
const only = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--reports');

/** `.` → `dist/index.d.ts`, `./testing` → `dist/testing/index.d.ts`: the ES module declarations. */
function esmTypesOf(target) {
  if (typeof target === 'string') return target;
  if (typeof target.types === 'string' && typeof target.default === 'string') return target.types;
  return esmTypesOf(target.import ?? target.default);
}

function entryPoints() {
  return LIBS.flatMap((lib) => {
    const dir = join(ROOT, 'libs', lib);
    const manifest = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
    return Object.entries(manifest.exports)
      .filter(([subpath]) => subpath !== './package.json')
      .map(([subpath, target]) => ({
        lib,
        dir,
        importName: `${manifest.name}${subpath.slice(1)}`,
        report: subpath === '.' ? lib : `${lib}-${subpath.slice(2).replace(/\//g, '-')}`,
        types: join(dir, esmTypesOf(target)),
      }));
  });
}

function configFor(entry, tempFolder) {
  return ExtractorConfig.prepare({
    configObjectFullPath: undefined,
    packageJsonFullPath: join(entry.dir, 'package.json'),
    configObject: {
      projectFolder: entry.dir,
      newlineKind: 'lf',
      mainEntryPointFilePath: entry.types,
      compiler: {
        overrideTsconfig: {
          compilerOptions: {
            target: 'ES2022',
            module: 'nodenext',
            moduleResolution: 'nodenext',
            lib: BROWSER.includes(entry.lib) ? ['ES2022', 'DOM'] : ['ES2023'],
            types: BROWSER.includes(entry.lib) ? [] : ['node'],
            strict: true,
            experimentalDecorators: true,
            skipLibCheck: true,
          },
          files: [entry.types],
        },
      },
      apiReport: {
        enabled: true,
        reportFileName: entry.report,
        reportFolder: reportsAt ? join(reportsAt, entry.lib) : join(entry.dir, 'api'),
        reportTempFolder: tempFolder,
      },
      docModel: { enabled: false },
      dtsRollup: { enabled: false },
      tsdocMetadata: { enabled: false },
      messages: {
        compilerMessageReporting: { default: { logLevel: 'warning' } },
        // Findings about the surface (a type used but not exported, ...) are written
        // into the report itself, so they are reviewed with it; release tags are not
        // used (every exported name is public); JSDoc coverage is not the report's job.
        extractorMessageReporting: {
          default: { logLevel: 'none', addToApiReportFile: true },
          'ae-missing-release-tag': { logLevel: 'none', addToApiReportFile: false },
          'ae-undocumented': { logLevel: 'none', addToApiReportFile: false },
        },
        tsdocMessageReporting: { default: { logLevel: 'none', addToApiReportFile: false } },
      },
    },
  });
}

function main() {
  const temp = mkdtempSync(join(tmpdir(), 'herald-api-'));
  const failed = [];
  try {
    const entries = entryPoints().filter((e) => !only.length || only.includes(e.importName));
    if (!entries.length) throw new Error(`no entry point named ${only.join(', ')}`);
    for (const entry of entries) {
      if (!existsSync(entry.types))
        throw new Error(`${entry.types} is missing: run npm run build first`);
      if (local)
        mkdirSync(reportsAt ? join(reportsAt, entry.lib) : join(entry.dir, 'api'), {
          recursive: true,
        });
      const result = Extractor.invoke(configFor(entry, temp), {
        localBuild: local,
        showVerboseMessages: false,
        messageCallback: (message) => {
          // api-extractor's "report changed" warning: replaced by the line below
          if (message.messageId === 'console-api-report-not-copied') message.handled = true;
        },
      });
      const file = `libs/${entry.lib}/api/${entry.report}.api.md`;
      if (!result.succeeded || (!local && result.apiReportChanged)) {
        failed.push(entry.importName);
        process.stderr.write(
          `${entry.importName}: what users can import changed and ${file} was not updated ` +
            `(errors ${result.errorCount}, warnings ${result.warningCount}); run npm run api:update and review the diff\n`,
        );
      } else {
        process.stdout.write(
          `${entry.importName}: ${file} ${result.apiReportChanged ? 'updated' : 'up to date'}\n`,
        );
      }
    }
  } finally {
    rmSync(temp, { recursive: true, force: true });
  }
  if (failed.length) process.exitCode = 1;
}

try {
  main();
} catch (error) {
  process.stderr.write(`api-report: ${error.stack ?? error}\n`);
  process.exitCode = 2;
}
