import { spawnSync } from 'node:child_process';
import {
  accessSync,
  chmodSync,
  constants,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';

const SCRIPT = join(__dirname, '..', 'scripts', 'test-prerequisites.js');
const TOOLS = [
  'chromium',
  'promtool',
  'prometheus',
  'prometheus-alertmanager',
  'redis-server',
  'openssl',
];

/** The real path of `command` on this machine's PATH (the suite's own prerequisites put it there). */
function real(command: string): string {
  const found = (process.env.PATH ?? '')
    .split(delimiter)
    .map((dir) => join(dir, command))
    .find((path) => {
      try {
        accessSync(path, constants.X_OK);
        return true;
      } catch {
        return false;
      }
    });
  if (!found) throw new Error(`${command} is not on this machine's PATH`);
  return found;
}

/**
 * Runs the script with PATH = a fresh folder holding links to every tool but
 * `without` (nothing is uninstalled; the script just cannot see those tools).
 */
function runWith(without: string[], env: Record<string, string>, extra?: (dir: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'herald-prereq-'));
  try {
    for (const tool of TOOLS.filter((t) => !without.includes(t)))
      symlinkSync(real(tool), join(dir, tool));
    extra?.(dir);
    const run = spawnSync(process.execPath, [SCRIPT], {
      env: { PATH: dir, HOME: process.env.HOME ?? '/tmp', ...env },
      encoding: 'utf8',
    });
    const log = (() => {
      try {
        return readFileSync(join(dir, 'apt-get.log'), 'utf8');
      } catch {
        return '';
      }
    })();
    return { status: run.status, stderr: run.stderr, apt: log };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("scripts/test-prerequisites.js (npm test's pretest step)", () => {
  it('stops with exit 1 and one line naming the missing tool and the command that installs it', () => {
    const run = runWith(['promtool'], { HERALD_NO_INSTALL: '1' });
    expect(run.status).toBe(1);
    const missing = run.stderr.split('\n').filter((line) => line.startsWith('missing '));
    expect(missing).toHaveLength(1);
    expect(missing[0]).toMatch(
      /^missing "promtool" \(used by .+\): install it with `(sudo )?apt-get install -y --no-install-recommends prometheus`$/,
    );
    expect(run.stderr).toContain('nothing installed: HERALD_NO_INSTALL=1');
  });

  it('names every missing tool on its own line', () => {
    const run = runWith(['chromium', 'prometheus-alertmanager', 'openssl'], {
      HERALD_NO_INSTALL: '1',
    });
    expect(run.status).toBe(1);
    const missing = run.stderr
      .split('\n')
      .filter((line) => line.startsWith('missing '))
      .map((line) =>
        /^missing "([^"]+)".*`(?:sudo )?apt-get install -y --no-install-recommends (\S+)`$/
          .exec(line)
          ?.slice(1),
      );
    expect(missing).toEqual([
      ['chromium', 'chromium'],
      ['prometheus-alertmanager', 'prometheus-alertmanager'],
      ['openssl', 'openssl'],
    ]);
  });

  it('with every tool present and PostgreSQL and Redis up, passes', () => {
    const run = runWith([], { HERALD_NO_INSTALL: '1' });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
  });

  // apt-get is only used as root; here a stand-in apt-get on the test PATH records its
  // calls and "installs" the tool by linking it, so nothing on the machine changes.
  (process.getuid?.() === 0 ? it : it.skip)(
    'as root with apt-get, runs apt-get update once, then installs the missing packages, then passes',
    () => {
      const run = runWith(['promtool', 'prometheus'], {}, (dir) => {
        const fake = join(dir, 'apt-get');
        writeFileSync(
          fake,
          [
            '#!/bin/sh',
            `echo "$DEBIAN_FRONTEND $*" >> "${join(dir, 'apt-get.log')}"`,
            `if [ "$1" = install ]; then /bin/ln -s "${real('promtool')}" "${join(dir, 'promtool')}"; /bin/ln -s "${real('prometheus')}" "${join(dir, 'prometheus')}"; fi`,
            '',
          ].join('\n'),
        );
        chmodSync(fake, 0o755);
      });
      expect(run.apt).toBe(
        'noninteractive update -qq\nnoninteractive install -y -qq --no-install-recommends prometheus\n',
      );
      expect(run.status).toBe(0);
    },
  );
});
