import { buildSync } from 'esbuild';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { gzipSync } from 'node:zlib';

/**
 * What a page downloads and what a server renderer loads: the client bundled
 * and minified as a page would ship it stays within its 6 kB (min+gzip)
 * budget, and loading it touches no global at all (no window, document, self,
 * fetch or timers at module top level), so server-side rendering cannot crash
 * on import.
 */
const ENTRY = join(__dirname, 'herald-inbox.client.ts');
const BUDGET = 6 * 1024;

function bundle(format: 'esm' | 'cjs'): string {
  const out = buildSync({
    entryPoints: [ENTRY],
    bundle: true,
    minify: true,
    format,
    platform: 'neutral',
    write: false,
    logLevel: 'silent',
  });
  return out.outputFiles[0].text;
}

describe('@herald/inbox-client bundle', () => {
  it(`HeraldInboxClient is at most ${BUDGET} bytes minified and gzipped`, () => {
    const size = gzipSync(bundle('esm'), { level: 9 }).length;
    console.log(`HeraldInboxClient: ${size} B min+gzip (budget ${BUDGET} B)`);
    expect(size).toBeLessThanOrEqual(BUDGET);
  });

  it('loads in a context with no browser or Node globals, and needs them only when used', () => {
    const module = { exports: {} as Record<string, unknown> };
    runInNewContext(bundle('cjs'), { module, exports: module.exports });
    expect(typeof module.exports.HeraldInboxClient).toBe('function');
    // constructing it (as a server render would) needs nothing either
    const Client = module.exports.HeraldInboxClient as new (o: { baseUrl: string }) => {
      status: string;
    };
    expect(new Client({ baseUrl: '/admin/notifications' }).status).toBe('idle');
  });
});
