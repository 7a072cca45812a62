#!/usr/bin/env node
// The CommonJS copy of each package, for tools that resolve `exports` themselves and
// cannot load ES modules through require (Jest before 30.4 on Node 24.9, a Nest 11
// app's test runner): dist/cjs/ holds the ES module build (dist/) transformed to
// CommonJS file by file, with the same declarations read as CommonJS (dist/cjs/
// package.json says "type": "commonjs"). Node itself never loads it: the packages'
// `module-sync` condition sends both `import` and `require` to the one ES module copy
// (see docs/install.md, "ES modules and CommonJS").
const { existsSync, readdirSync, readFileSync, writeFileSync, mkdirSync, rmSync, statSync } = require('node:fs');
const { join, dirname, relative } = require('node:path');
const { transformSync } = require('@swc/core');

const ROOT = join(__dirname, '..');
const libs = process.argv.slice(2).length
  ? process.argv.slice(2)
  : readdirSync(join(ROOT, 'libs'))
      .map((l) => join('libs', l))
      .filter((l) => existsSync(join(ROOT, l, 'package.json')));

function* walk(dir, skip) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (skip.includes(path)) continue;
    if (statSync(path).isDirectory()) yield* walk(path, skip);
    else yield path;
  }
}

for (const lib of libs) {
  const dist = join(ROOT, lib, 'dist');
  const cjs = join(dist, 'cjs');
  rmSync(cjs, { recursive: true, force: true });
  let files = 0;
  // dist/browser is the browser bundle (scripts/build-inbox-bundle.js): an ES module only
  for (const file of walk(dist, [cjs, join(dist, 'browser')])) {
    const out = join(cjs, relative(dist, file));
    if (file.endsWith('.d.ts')) {
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, readFileSync(file));
    } else if (file.endsWith('.js')) {
      const { code } = transformSync(readFileSync(file, 'utf8'), {
        filename: file,
        jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022', keepClassNames: true },
        module: { type: 'commonjs', ignoreDynamic: false },
        sourceMaps: false,
        swcrc: false,
        configFile: false,
      });
      mkdirSync(dirname(out), { recursive: true });
      writeFileSync(out, code);
      files++;
    }
  }
  writeFileSync(join(cjs, 'package.json'), JSON.stringify({ type: 'commonjs' }) + '\n');
  if (files === 0) throw new Error(`${lib}: dist/ holds no JavaScript; run tsc -b first`);
}
