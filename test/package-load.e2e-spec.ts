import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The built packages as Node loads them (`npm test` builds first): every entry point and
 * subpath imports as an ES module and requires from CommonJS (Node's `require(esm)`,
 * through the `module-sync` condition), and both reach the same single module instance:
 * one class, one token, whichever way an application or one of its dependencies loads
 * Herald. Loaders that resolve `exports` without `module-sync` (Jest before 30.4) get the
 * CommonJS copy in dist/cjs/, which must load on its own as well.
 */
const REPO = join(__dirname, '..');
const LIBS = ['contracts', 'observability', 'monitor', 'notification'];

const entries = LIBS.flatMap((lib) => {
  const manifest = JSON.parse(readFileSync(join(REPO, 'libs', lib, 'package.json'), 'utf8')) as {
    name: string;
    exports: Record<string, unknown>;
  };
  return Object.entries(manifest.exports)
    .filter(([, target]) => typeof target === 'object')
    .map(([subpath]) => `${manifest.name}${subpath.slice(1)}`);
});

function node(args: string[]): string {
  return execFileSync(process.execPath, args, {
    cwd: REPO,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

describe('the built packages load in Node as one ES module copy', () => {
  it('finds the entry points', () => {
    expect(entries).toEqual(
      expect.arrayContaining(['@herald/monitor', '@herald/notification/inbox']),
    );
  });

  it('require() and import give the same module namespace for every entry point', () => {
    const script = `
      import { createRequire } from 'node:module';
      const require = createRequire(${JSON.stringify(join(REPO, 'package.json'))});
      const out = {};
      for (const name of ${JSON.stringify(entries)}) {
        const esm = await import(name);
        const cjs = require(name);
        const keys = Object.keys(esm).filter((k) => k !== 'default' && k !== 'module.exports');
        out[name] = {
          exports: keys.length,
          same: keys.every((k) => esm[k] === cjs[k]),
        };
      }
      console.log(JSON.stringify(out));
    `;
    const result = JSON.parse(node(['--input-type=module', '-e', script])) as Record<
      string,
      { exports: number; same: boolean }
    >;
    for (const name of entries) {
      expect({ name, ...result[name], same: result[name].same }).toEqual({
        name,
        exports: expect.any(Number),
        same: true,
      });
      expect(result[name].exports).toBeGreaterThan(0);
    }
  });

  it('one METRICS_COLLECTOR token and one MonitorModule class through import and require', () => {
    const script = `
      import { createRequire } from 'node:module';
      import { METRICS_COLLECTOR } from '@herald/contracts';
      import { MonitorModule } from '@herald/monitor';
      const require = createRequire(${JSON.stringify(join(REPO, 'package.json'))});
      console.log(JSON.stringify({
        token: require('@herald/contracts').METRICS_COLLECTOR === METRICS_COLLECTOR,
        module: require('@herald/monitor').MonitorModule === MonitorModule,
        resolved: require.resolve('@herald/monitor'),
      }));
    `;
    const result = JSON.parse(node(['--input-type=module', '-e', script])) as {
      token: boolean;
      module: boolean;
      resolved: string;
    };
    expect(result).toEqual({
      token: true,
      module: true,
      resolved: expect.stringMatching(/dist\/index\.js$/),
    });
  });

  it('a CommonJS program requires every entry point without a warning (no top-level await)', () => {
    const script = `for (const name of ${JSON.stringify(entries)}) require(name); console.log('ok');`;
    const run = spawnSync(process.execPath, ['-e', script], { cwd: REPO, encoding: 'utf8' });
    expect(run.stderr).toBe('');
    const out = run.stdout;
    expect(out.trim()).toBe('ok');
  });

  it.each(LIBS)('the CommonJS copy of @herald/%s loads on its own', (lib) => {
    const out = node([
      '-e',
      `const m = require('./libs/${lib}/dist/cjs/index.js'); console.log(Object.keys(m).length);`,
    ]);
    expect(Number(out.trim())).toBeGreaterThan(0);
  });
});
