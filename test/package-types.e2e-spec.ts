import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The judges of issue 23 item 2, on the packed tarballs (`npm test` builds
 * first): @arethetypeswrong/cli (strict profile: node10, node16 from CommonJS
 * and from ES modules, bundler) and publint --strict find nothing in any entry
 * point of the five packages. scripts/check-packages.js does the work; this
 * test runs it as CI does, and checks that it does catch a broken package.
 */
const REPO = join(__dirname, '..');
const SCRIPT = join(REPO, 'scripts', 'check-packages.js');
const LIBS = ['contracts', 'observability', 'monitor', 'notification', 'inbox-client'];

function check(...dirs: string[]): { status: number | null; output: string } {
  const out = spawnSync(process.execPath, [SCRIPT, ...dirs], {
    cwd: REPO,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: out.status, output: `${out.stdout}${out.stderr}` };
}

describe('scripts/check-packages.js', () => {
  it('finds no attw or publint problem in any entry point of the packed packages', () => {
    for (const lib of LIBS) {
      // the tarballs hold dist/: a missing build is a setup error, not a pass
      expect(existsSync(join(REPO, 'libs', lib, 'dist', 'index.js'))).toBe(true);
    }
    const { status, output } = check();
    expect(output).toContain('no problem');
    expect(status).toBe(0);
    // every subpath of every manifest was judged, under all four resolutions
    for (const lib of LIBS) {
      const manifest = JSON.parse(
        readFileSync(join(REPO, 'libs', lib, 'package.json'), 'utf8'),
      ) as {
        name: string;
        exports: Record<string, unknown>;
      };
      expect(output).toContain(manifest.name);
      for (const subpath of Object.keys(manifest.exports)) {
        expect(output).toMatch(
          new RegExp(`${subpath.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')}\\s+ok\\s+ok\\s+ok\\s+ok`),
        );
      }
    }
  }, 240_000);

  it('fails, naming the rule, on a package whose ES module types front CommonJS code', () => {
    const dir = mkdtempSync(join(tmpdir(), 'herald-broken-package-'));
    try {
      writeFileSync(
        join(dir, 'package.json'),
        JSON.stringify({
          name: 'herald-broken-fixture',
          version: '1.0.0',
          type: 'module',
          exports: { '.': { types: './index.d.ts', default: './index.cjs' } },
        }),
      );
      writeFileSync(join(dir, 'index.cjs'), 'module.exports = { answer: 42 };\n');
      writeFileSync(join(dir, 'index.d.ts'), 'export declare const answer: number;\n');
      const { status, output } = check(dir);
      expect(status).toBe(1);
      expect(output).toMatch(/herald-broken-fixture\s+\.\s+ok\s+FalseESM\s+FalseESM/);
      expect(output).toContain('publint error');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
