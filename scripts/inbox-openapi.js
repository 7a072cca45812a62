#!/usr/bin/env node
// Writes docs/inbox-openapi.json from the inbox routes recipe (examples/inbox.controller.ts)
// with @nestjs/swagger (`npm run openapi:update`); `--check` fails when the committed file differs.
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
require('reflect-metadata');
require('../test/helpers/swc-register.js');

const TARGET = join(__dirname, '..', 'docs', 'inbox-openapi.json');

/** The document as committed: two-space JSON and a final line break. */
async function render() {
  const { buildInboxOpenApi } = require('../examples/inbox/inbox-openapi.ts');
  return `${JSON.stringify(await buildInboxOpenApi(), null, 2)}\n`;
}

async function main() {
  const text = await render();
  if (process.argv.includes('--check')) {
    let committed = '';
    try {
      committed = readFileSync(TARGET, 'utf8');
    } catch {
      // missing: reported below
    }
    if (committed !== text) {
      console.error('docs/inbox-openapi.json is out of date: run `npm run openapi:update` and commit it');
      process.exitCode = 1;
      return;
    }
    console.log('docs/inbox-openapi.json is up to date');
    return;
  }
  writeFileSync(TARGET, text);
  console.log('wrote docs/inbox-openapi.json');
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
