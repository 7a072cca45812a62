#!/usr/bin/env node
// Writes the provider × capability table into docs/channels.md, between
// `<!-- provider-table:start -->` and `<!-- provider-table:end -->`, from the
// drivers' own declarations (`PROVIDER_CATALOG` in the built
// @herald/notification). test/provider-table.e2e-spec.ts fails when the
// committed table differs; `npm run build && node scripts/provider-table.js`
// brings it back in line.
const { readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const DOC = join(__dirname, '..', 'docs', 'channels.md');
const START = '<!-- provider-table:start -->';
const END = '<!-- provider-table:end -->';

/** `text` with the part between the markers replaced by `table`. */
function withTable(text, table) {
  const start = text.indexOf(START);
  const end = text.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/channels.md needs the markers ${START} and ${END}`);
  return `${text.slice(0, start + START.length)}\n${table}\n${text.slice(end)}`;
}

module.exports = { withTable, START, END };

if (require.main === module) {
  const { renderProviderTable } = require('@herald/notification');
  const before = readFileSync(DOC, 'utf8');
  const after = withTable(before, renderProviderTable());
  if (after !== before) writeFileSync(DOC, after);
  console.log(after === before ? 'docs/channels.md: provider table unchanged' : 'docs/channels.md: provider table rewritten');
}
