import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Issue 23 item 8: the committed API reports (libs/<pkg>/api/*.api.md) match
 * what the built packages let users import (`npm test` builds first), and the
 * check fails, naming the entry point, when they do not. `npm run api:update`
 * rewrites them.
 */
const REPO = join(__dirname, '..');
const SCRIPT = join(REPO, 'scripts', 'api-report.js');
const LIBS = ['contracts', 'observability', 'monitor', 'notification', 'inbox-client'];

function report(...args: string[]): { status: number | null; output: string } {
  const out = spawnSync(process.execPath, [SCRIPT, ...args], {
    cwd: REPO,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return { status: out.status, output: `${out.stdout}${out.stderr}` };
}

describe('scripts/api-report.js', () => {
  it('finds every committed API report up to date with the built declarations', () => {
    const { status, output } = report();
    expect(output).not.toContain('was not updated');
    expect(status).toBe(0);
    // one report per entry point of every manifest (package.json itself aside)
    for (const lib of LIBS) {
      const manifest = JSON.parse(
        readFileSync(join(REPO, 'libs', lib, 'package.json'), 'utf8'),
      ) as { name: string; exports: Record<string, unknown> };
      for (const subpath of Object.keys(manifest.exports).filter((s) => s !== './package.json')) {
        expect(output).toContain(`${manifest.name}${subpath.slice(1)}: libs/${lib}/api/`);
      }
    }
  }, 300_000);

  it('fails, naming the entry point, when an export is missing from its report', () => {
    const reports = mkdtempSync(join(tmpdir(), 'herald-api-reports-'));
    try {
      cpSync(join(REPO, 'libs', 'observability', 'api'), join(reports, 'observability'), {
        recursive: true,
      });
      const file = join(reports, 'observability', 'observability.api.md');
      const before = readFileSync(file, 'utf8');
      // the report as it stood before `ObservabilityModule` was exported
      const stale = before.replace(/\/\/ @public\nexport class ObservabilityModule \{\n\}\n\n/, '');
      expect(stale).not.toEqual(before);
      writeFileSync(file, stale);
      const { status, output } = report('--reports', reports, '@herald/observability');
      expect(status).toBe(1);
      expect(output).toContain(
        '@herald/observability: what users can import changed and libs/observability/api/observability.api.md was not updated',
      );
    } finally {
      rmSync(reports, { recursive: true, force: true });
    }
  }, 120_000);
});
