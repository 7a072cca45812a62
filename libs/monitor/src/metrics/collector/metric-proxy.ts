import type { MetricLabels, MetricsCollectorProtocol } from '@herald/contracts';

/** Which collector method a `MetricProxy` records through. */
export type MetricProxyType = 'counter' | 'gauge' | 'histogram';

/**
 * `new MetricProxy(name, collector, metricsType)`: a handle on one metric
 * name that records through any `MetricsCollectorProtocol` (the no-op one
 * included) and tracks its own `value` locally: the running total of a
 * counter, the last value of a gauge or histogram.
 *
 * @example
 * const sent = new MetricProxy('emails.sent', collector, 'counter');
 * sent.increment(); sent.value; // 1
 */
export class MetricProxy {
  private current = 0;

  constructor(
    readonly name: string,
    private readonly collector: MetricsCollectorProtocol,
    readonly metricsType: MetricProxyType = 'counter',
    private readonly labels?: MetricLabels,
  ) {}

  /** Adds `amount` (counter and gauge; a histogram observes it). */
  increment(amount = 1): void {
    if (this.metricsType === 'histogram') return this.record(amount);
    if (this.metricsType === 'gauge') {
      this.current += amount;
      this.collector.gauge(this.name, this.current, this.labels);
      return;
    }
    this.collector.increment(this.name, amount, this.labels);
    this.current += amount;
  }

  /** Counter: adds `value`; gauge: sets it; histogram: observes it. */
  record(value: number): void {
    switch (this.metricsType) {
      case 'counter':
        this.collector.increment(this.name, value, this.labels);
        this.current += value;
        return;
      case 'gauge':
        this.collector.gauge(this.name, value, this.labels);
        this.current = value;
        return;
      case 'histogram':
        this.collector.histogram(this.name, value, this.labels);
        this.current = value;
        return;
    }
  }

  /** The value tracked by this proxy (not read back from the collector). */
  get value(): number {
    return this.current;
  }
}
