import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { INBOX_CSS } from '../libs/inbox-client/src/element/herald-inbox.styles.js';
import { bundle } from './helpers/inbox-element/page.js';

// Bytes are deterministic (same sources, same esbuild): the budget of issue 24 is checked here;
// bench/inbox-ui reports the same figure beside @novu/js.
describe('<herald-inbox> bundle size', () => {
  it('element + client, minified ES module, gzip -9: at most 15 kB', async () => {
    const js = await bundle('libs/inbox-client/src/element/index.ts', true);
    const gzip = gzipSync(js, { level: 9 }).length;
    expect(js).toContain('InboxRequestError'); // the client is in the bundle, not left out
    expect(js).not.toMatch(/react/i);
    expect(gzip).toBeLessThanOrEqual(15_000);
  });

  it('a locale module stays out unless imported (tree-shakeable)', async () => {
    const js = await bundle('libs/inbox-client/src/element/index.ts', true);
    expect(js).not.toContain('Benachrichtigungen');
    expect(js).not.toContain('Tout marquer comme lu');
  });
});

describe('docs/inbox-element.md names what the element offers', () => {
  const doc = readFileSync(join(__dirname, '..', 'docs', 'inbox-element.md'), 'utf8');

  it('every --herald-* custom property of its stylesheet', () => {
    const names = new Set(INBOX_CSS.match(/--herald-[a-z-]+/g));
    expect(names.size).toBeGreaterThan(10);
    for (const name of names) expect(doc).toContain(`\`${name}\``);
  });

  it('every ::part() name it renders', () => {
    const dir = join(__dirname, '..', 'libs', 'inbox-client', 'src', 'element');
    const parts = new Set<string>();
    for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.spec.ts')))
      for (const [, value] of readFileSync(join(dir, file), 'utf8').matchAll(/part: '([a-z -]+)'/g))
        for (const part of value.split(' ')) parts.add(part);
    parts.add('tab').add('tab-selected'); // set by a ternary the pattern above does not read
    expect(parts.size).toBeGreaterThan(20);
    for (const part of parts) expect(doc).toContain(`\`${part}\``);
  });
});
