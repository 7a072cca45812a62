#!/usr/bin/env node
// The browser bundle of @herald/inbox-client: <herald-inbox> (defined on load) and
// HeraldInboxClient in one ES module, for a page that has no build step of its own
// (the demo's pages load it with <script type="module">). Bundled with esbuild from the
// package's TypeScript sources, so it does not wait for tsc:
//   libs/inbox-client/dist/browser/herald-inbox.js      (minified ES module, es2020)
//   libs/inbox-client/dist/browser/herald-inbox.js.map  (source map, not linked from the bundle, not published)
//   libs/inbox-client/dist/browser/herald-inbox.json    ({ file, bytes, sha256 })
// Run by the root `npm run build` after the libraries.
const { createHash } = require('node:crypto');
const { mkdirSync, writeFileSync, readFileSync } = require('node:fs');
const { join } = require('node:path');
const { buildSync } = require('esbuild');

const PKG = join(__dirname, '..', 'libs', 'inbox-client');
const OUT = join(PKG, 'dist', 'browser');
const FILE = 'herald-inbox.js';

const ENTRY = `
import { defineHeraldInbox } from './src/element/index.js';
export { HeraldInboxElement, defineHeraldInbox } from './src/element/index.js';
export { HeraldInboxClient, InboxRequestError } from './src/index.js';
defineHeraldInbox();
`;

mkdirSync(OUT, { recursive: true });
buildSync({
  stdin: { contents: ENTRY, resolveDir: PKG, sourcefile: 'browser-entry.js', loader: 'js' },
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  sourcemap: 'external',
  legalComments: 'none',
  outfile: join(OUT, FILE),
  logLevel: 'warning',
});
const code = readFileSync(join(OUT, FILE));
const sha256 = createHash('sha256').update(code).digest('hex');
writeFileSync(
  join(OUT, 'herald-inbox.json'),
  JSON.stringify({ file: FILE, bytes: code.length, sha256 }, null, 2) + '\n',
);
console.log(`inbox bundle: ${join('libs', 'inbox-client', 'dist', 'browser', FILE)} (${code.length} bytes, sha256 ${sha256.slice(0, 12)})`);
