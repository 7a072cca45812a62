import type {
  CounterProtocol,
  GaugeProtocol,
  HistogramProtocol,
  MetricProtocol,
  MetricsCollectorProtocol,
  SummaryProtocol,
} from '@herald/contracts';

const EMPTY: number[] = [];

/**
 * SPEC's no-op collector: drops every observation. Its `create*` methods return
 * the collector itself, which also answers every instrument method, so code
 * written against real instruments runs unchanged and allocates nothing.
 */
export class NoopMetricsCollector
  implements
    MetricsCollectorProtocol,
    CounterProtocol,
    GaugeProtocol,
    HistogramProtocol,
    SummaryProtocol
{
  readonly name = 'noop';
  readonly description = 'no-op metrics collector';

  registerMetric(_metric: MetricProtocol): void {}
  createCounter(): this {
    return this;
  }
  createGauge(): this {
    return this;
  }
  createHistogram(): this {
    return this;
  }
  createSummary(): this {
    return this;
  }
  getMetric(_name: string): undefined {
    return undefined;
  }
  getAllMetrics(): MetricProtocol[] {
    return [];
  }
  clear(): void {}
  increment(): void {}
  gauge(): void {}
  histogram(): void {}
  makeMetricName(name: string): string {
    return name;
  }

  record(): void {}
  reset(): void {}
  getCount(): number {
    return 0;
  }
  set(): void {}
  decrement(): void {}
  getValue(): number {
    return 0;
  }
  observe(): void {}
  getObservations(): number[] {
    return EMPTY.slice();
  }
  getBucketCounts(): Map<number, number> {
    return new Map();
  }
}
