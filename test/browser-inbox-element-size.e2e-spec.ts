import { gzipSync } from 'node:zlib';
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
