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
 * The no-op metrics collector: drops every observation. Its `create*` methods return
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
  createCounter(..._args: unknown[]): this {
    return this;
  }
  createGauge(..._args: unknown[]): this {
    return this;
  }
  createHistogram(..._args: unknown[]): this {
    return this;
  }
  createSummary(..._args: unknown[]): this {
    return this;
  }
  getMetric(_name: string): undefined {
    return undefined;
  }
  getAllMetrics(): MetricProtocol[] {
    return [];
  }
  clear(): void {}
  increment(..._args: unknown[]): void {}
  gauge(..._args: unknown[]): void {}
  histogram(..._args: unknown[]): void {}
  makeMetricName(name: string): string {
    return name;
  }

  record(..._args: unknown[]): void {}
  reset(): void {}
  getCount(): number {
    return 0;
  }
  set(..._args: unknown[]): void {}
  decrement(..._args: unknown[]): void {}
  getValue(): number {
    return 0;
  }
  observe(..._args: unknown[]): void {}
  getObservations(): number[] {
    return EMPTY.slice();
  }
  getBucketCounts(): Map<number, number> {
    return new Map();
  }
}
