#!/usr/bin/env node
// Compiles examples/ as an ES module app: a copy in a temporary folder whose
// package.json says "type": "module" (what `nest new` makes with CLI 12), with a
// node_modules link to this repository's, so @herald/* resolve through their
// `exports` as in an installed app. examples/tsconfig.json compiles the same files
// as a CommonJS app; `npm run typecheck` runs both.
const { execFileSync } = require('node:child_process');
const { cpSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } = require('node:fs');
const { tmpdir } = require('node:os');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'herald-examples-esm-'));
try {
  cpSync(join(ROOT, 'examples'), dir, { recursive: true, dereference: true });
  writeFileSync(
    join(dir, 'package.json'),
    `${JSON.stringify({ name: 'herald-examples-esm', private: true, type: 'module' }, null, 2)}\n`,
  );
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  execFileSync(
    process.execPath,
    [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(dir, 'tsconfig.esm.json')],
    { cwd: dir, stdio: 'inherit' },
  );
  console.log('examples: compiled as an ES module app (examples/tsconfig.esm.json)');
} catch (error) {
  process.exitCode = 1;
  if (error.status === undefined) console.error(error);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
