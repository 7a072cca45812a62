/**
 * Bytes of the browser bundles: Herald's element + client against @novu/js
 * (headless) and @novu/js/ui (its full Inbox), each bundled by the same esbuild,
 * minified, ES module, browser, es2022, then gzip -9.
 */
const { join } = require('node:path');
const { gzipSync } = require('node:zlib');
const { build } = require('esbuild');

const ROOT = join(__dirname, '..', '..');

/** The entries measured: Herald's (element with its client) and Novu's. */
const ENTRIES = {
  herald_element_and_client: { entryPoints: [join(ROOT, 'libs/inbox-client/src/element/index.ts')] },
  herald_client: { entryPoints: [join(ROOT, 'libs/inbox-client/src/index.ts')] },
  novu_js: { stdin: { contents: "export * from '@novu/js';", resolveDir: ROOT, loader: 'js' } },
  novu_js_ui: { stdin: { contents: "export * from '@novu/js/ui';", resolveDir: ROOT, loader: 'js' } },
};

async function bytesOf(entry) {
  const common = {
    ...entry,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    loader: { '.css': 'text' },
  };
  const min = await build({ ...common, minify: true });
  const text = min.outputFiles[0].contents;
  return { minified: text.length, gzip: gzipSync(text, { level: 9 }).length };
}

/** `{ [entry]: { minified, gzip } }` in bytes. */
async function measureSizes() {
  const out = {};
  for (const [name, entry] of Object.entries(ENTRIES)) out[name] = await bytesOf(entry);
  return out;
}

module.exports = { measureSizes, ENTRIES };
