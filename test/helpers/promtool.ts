import { spawnSync } from 'node:child_process';

/**
 * `promtool check metrics` over an exposition body (0.0.4 text format):
 * `{ status: 0, out: '' }` when it is accepted without a lint remark.
 */
export function promtoolCheckMetrics(body: string): { status: number | null; out: string } {
  const check = spawnSync('promtool', ['check', 'metrics'], { input: body, encoding: 'utf8' });
  return { status: check.status, out: check.stdout + check.stderr };
}
