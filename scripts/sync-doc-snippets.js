#!/usr/bin/env node
// Rewrites every ```ts snippet of README.md, docs/*.md and libs/*/README.md that names its
// example (`<!-- example: examples/x.ts[#region] -->` on the line before the fence) from that
// file, so a change to an example is carried into the guides. test/docs-snippets.e2e-spec.ts
// checks they are identical; this script makes them so.
const { existsSync, readdirSync, readFileSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');

const ROOT = join(__dirname, '..');
const EXAMPLE_REF = /^<!-- example: (examples\/[\w./-]+\.ts)(?:#([\w-]+))? -->$/;

function exampleText(path, region) {
  const text = readFileSync(join(ROOT, path), 'utf8').replace(/\n$/, '');
  if (!region) return text;
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.trim() === `// #region ${region}`);
  const end = lines.findIndex((l, j) => j > start && l.trim() === `// #endregion ${region}`);
  if (start < 0 || end < 0) throw new Error(`${path} has no region "${region}"`);
  return lines.slice(start + 1, end).join('\n');
}

/** README.md, docs/*.md and the packages' README.md files, in a fixed order. */
function docFiles() {
  const docs = existsSync(join(ROOT, 'docs'))
    ? readdirSync(join(ROOT, 'docs'))
        .filter((f) => f.endsWith('.md'))
        .sort()
        .map((f) => join('docs', f))
    : [];
  const packages = readdirSync(join(ROOT, 'libs'))
    .sort()
    .map((lib) => join('libs', lib, 'README.md'))
    .filter((readme) => existsSync(join(ROOT, readme)));
  return ['README.md', ...docs, ...packages];
}

/**
 * The `<!-- example: ... -->` reference of the fence on line `i`: the line before it,
 * or the one before a blank line (Prettier puts a blank line between the comment and
 * the fence when it formats a guide).
 */
function exampleRefBefore(lines, i) {
  const before = lines[i - 1] ?? '';
  return EXAMPLE_REF.exec(before.trim() === '' ? (lines[i - 2] ?? '') : before);
}

function sync() {
  let changed = 0;
  for (const doc of docFiles()) {
    const lines = readFileSync(join(ROOT, doc), 'utf8').split('\n');
    const out = [];
    for (let i = 0; i < lines.length; i++) {
      out.push(lines[i]);
      if (!/^```(ts|typescript)\s*$/.test(lines[i])) continue;
      const match = exampleRefBefore(lines, i);
      const end = lines.findIndex((l, j) => j > i && /^```\s*$/.test(l));
      if (!match || end < 0) continue;
      out.push(...exampleText(match[1], match[2]).split('\n'));
      out.push(lines[end]);
      i = end;
    }
    const text = out.join('\n');
    if (text !== lines.join('\n')) {
      writeFileSync(join(ROOT, doc), text);
      changed++;
    }
  }
  return changed;
}

module.exports = { EXAMPLE_REF, docFiles, exampleRefBefore, exampleText };

if (require.main === module) {
  console.log(`doc snippets: ${sync()} file(s) rewritten from examples/`);
}
