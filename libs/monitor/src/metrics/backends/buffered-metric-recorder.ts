import { Logger } from '@nestjs/common';
import type { MetricLabels } from '@herald/contracts';
import { HeraldValueError } from '../../errors/herald-value.error.js';

/** A value waiting in `BufferedMetricRecorder` for the next flush. */
export interface BufferedMetric {
  /** The backend method the value goes to on flush. */
  name: string;
  value: number;
  labels?: MetricLabels;
  /** `performance.now()` when recorded (monotonic milliseconds). */
  timestamp: number;
}

/** Options of `BufferedMetricRecorder`. */
export interface BufferedMetricRecorderOptions {
  /** Milliseconds between background flushes. @default 5000 */
  flushIntervalMs?: number;
  /** Entries that trigger an immediate flush. @default 1000 */
  maxBufferSize?: number;
  logger?: Pick<Logger, 'warn'>;
}

/**
 * Collects values in memory and hands them to
 * the backend in batches. `record(name, value, labels)` names a method of the
 * backend (e.g. `counter`, `gauge`, `histogram` of a scrape adapter); on flush
 * each entry becomes `backend[name](value, labels)`. Reaching `maxBufferSize`
 * schedules an immediate flush; `stop()` flushes what is left.
 *
 * @example
 * const recorder = new BufferedMetricRecorder(backend, { flushIntervalMs: 1000 });
 * recorder.start(); recorder.record('histogram', 0.2, { route: '/' }); await recorder.stop();
 */
export class BufferedMetricRecorder {
  private buffer: BufferedMetric[] = [];
  private timer: NodeJS.Timeout | undefined;
  private scheduled = false;
  private readonly flushIntervalMs: number;
  private readonly maxBufferSize: number;
  private readonly logger: Pick<Logger, 'warn'>;

  constructor(
    private readonly backend: object,
    options: BufferedMetricRecorderOptions = {},
  ) {
    this.flushIntervalMs = options.flushIntervalMs ?? 5000;
    this.maxBufferSize = options.maxBufferSize ?? 1000;
    this.logger = options.logger ?? new Logger('BufferedMetricRecorder');
  }

  /** True between `start()` and `stop()`. */
  get running(): boolean {
    return this.timer !== undefined;
  }

  /** Entries waiting for the next flush. */
  get size(): number {
    return this.buffer.length;
  }

  /** Buffers one value for `backend[name]`. @throws HeraldValueError when the backend has no such method. */
  record(name: string, value: number, labels?: MetricLabels): void {
    if (typeof (this.backend as Record<string, unknown>)[name] !== 'function') {
      throw new HeraldValueError(
        `The metrics backend has no method "${name}" to record into; use one of its methods (e.g. counter, gauge, histogram).`,
      );
    }
    this.buffer.push({ name, value, labels, timestamp: performance.now() });
    if (this.buffer.length >= this.maxBufferSize && !this.scheduled) {
      this.scheduled = true;
      setImmediate(() => {
        this.scheduled = false;
        void this.flush();
      });
    }
  }

  /** Hands every buffered entry to the backend; resolves with how many were delivered. */
  async flush(): Promise<number> {
    if (this.buffer.length === 0) return 0;
    const batch = this.buffer;
    this.buffer = [];
    let delivered = 0;
    for (const entry of batch) {
      try {
        await (this.backend as any)[entry.name](entry.value, entry.labels);
        delivered++;
      } catch (error) {
        this.logger.warn(
          `metric "${entry.name}" not delivered: ${(error as Error)?.message ?? String(error)}`,
        );
      }
    }
    return delivered;
  }

  /** Starts the background flush every `flushIntervalMs` (does not keep the process alive). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.flush(), this.flushIntervalMs);
    this.timer.unref();
  }

  /** Stops the background flush and flushes the remaining entries; resolves with their count. */
  async stop(): Promise<number> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    return this.flush();
  }
}
