import type { MetricLabels } from '@herald/contracts';
import { NoopMetricsCollector } from '@herald/observability';

/** A no-op collector that records the name-based `increment`/`histogram` calls made on it. */
export class RecordingCollector extends NoopMetricsCollector {
  readonly calls: Array<[string, string, number, MetricLabels | undefined]> = [];
  constructor() {
    super();
    const calls = this.calls;
    Object.assign(this, {
      increment: (name: string, value = 1, tags?: MetricLabels) =>
        calls.push(['increment', name, value, tags]),
      histogram: (name: string, value: number, tags?: MetricLabels) =>
        calls.push(['histogram', name, value, tags]),
    });
  }
}
