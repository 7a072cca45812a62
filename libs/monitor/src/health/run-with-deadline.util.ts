import { HealthStatus } from '@herald/contracts';
import type { HealthCheckEntry } from './health-check-entry.js';
import { HealthCheckResult } from './health-check-result.js';

/**
 * Results of `entries` under one overall deadline: a check still running when
 * it passes is reported UNHEALTHY (its own run goes on and may still fill the cache).
 */
export async function runWithDeadline(
  entries: HealthCheckEntry[],
  run: (entry: HealthCheckEntry) => HealthCheckResult | Promise<HealthCheckResult>,
  deadlineMs: number,
): Promise<Record<string, HealthCheckResult>> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<'deadline'>((resolve) => {
    timer = setTimeout(() => resolve('deadline'), deadlineMs);
  });
  const started = performance.now();
  try {
    const settled = await Promise.all(entries.map((entry) => Promise.race([run(entry), deadline])));
    const out: Record<string, HealthCheckResult> = {};
    settled.forEach((value, i) => {
      const entry = entries[i];
      out[entry.name] =
        value !== 'deadline'
          ? value
          : new HealthCheckResult({
              name: entry.name,
              status: HealthStatus.UNHEALTHY,
              message: `check "${entry.name}" did not finish within the overall deadline of ${deadlineMs} ms`,
              durationMs: performance.now() - started,
              critical: entry.critical,
              category: entry.category,
            });
    });
    return out;
  } finally {
    clearTimeout(timer);
  }
}
