import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { HealthStatus } from '@herald/contracts';
import { BaseHealthCheck } from '../base-health-check.js';

/** Options of `EventLoopHealthCheck`. */
export interface EventLoopHealthCheckOptions {
  /** DEGRADED when the p99 delay since the last check is above this. @default 100 */
  thresholdMs?: number;
  /** UNHEALTHY above this (absent: never UNHEALTHY, a slow loop is not a dead one). */
  unhealthyMs?: number;
  /** @default 'event_loop' */
  name?: string;
  /** @default false */
  critical?: boolean;
}

/**
 * Event-loop delay (`perf_hooks.monitorEventLoopDelay`): the p99 delay seen
 * since the previous check. DEGRADED above `thresholdMs`. Sampling starts at
 * the first check and stops in `close()`.
 *
 * @example runner.add('event_loop', new EventLoopHealthCheck({ thresholdMs: 200 }), { category: HealthCheckCategory.LIVENESS })
 */
export class EventLoopHealthCheck extends BaseHealthCheck {
  private histogram?: IntervalHistogram;
  private readonly thresholdMs: number;

  constructor(private readonly options: EventLoopHealthCheckOptions = {}) {
    super(options.name ?? 'event_loop', options.critical ?? false);
    this.timeoutMs = 500;
    this.thresholdMs = options.thresholdMs ?? 100;
  }

  protected probe(): unknown {
    if (!this.histogram) {
      this.histogram = monitorEventLoopDelay({ resolution: 10 });
      this.histogram.enable();
      return { message: 'sampling started' };
    }
    const h = this.histogram;
    const p99Ms = h.count > 0 ? h.percentile(99) / 1e6 : 0;
    const details = {
      p99Ms: round(p99Ms),
      maxMs: round(h.count > 0 ? h.max / 1e6 : 0),
      thresholdMs: this.thresholdMs,
    };
    h.reset();
    if (this.options.unhealthyMs !== undefined && p99Ms > this.options.unhealthyMs) {
      return {
        status: HealthStatus.UNHEALTHY,
        message: `event-loop delay p99 ${details.p99Ms} ms`,
        ...details,
      };
    }
    if (p99Ms > this.thresholdMs) {
      return {
        status: HealthStatus.DEGRADED,
        message: `event-loop delay p99 ${details.p99Ms} ms`,
        ...details,
      };
    }
    return details;
  }

  close(): void {
    this.histogram?.disable();
    this.histogram = undefined;
  }
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
