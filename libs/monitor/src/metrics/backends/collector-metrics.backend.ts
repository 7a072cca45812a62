import type { BackendMetricType, MetricLabels, MetricsBackendProtocol } from '@herald/contracts';
import { MetricsCollector } from '../collector/metrics-collector.js';

/**
 * Base of the metrics backends that read a `MetricsCollector` (memory,
 * Prometheus, OTLP): the collector holds every value, the backend serves or
 * exports what it reads there, and `recordMetric()` records into the same
 * collector. `MonitorModule` and `MonitorProvider` attach the application's
 * collector (`METRICS_COLLECTOR`) to the backend they are given or build, so
 * instruments used directly, the HTTP metrics middleware, `@Metered()` and
 * the name-based calls all reach it.
 *
 * Extend it to write a backend of your own that exports the application's
 * metrics: read `this.collector` (e.g. `getAllMetrics()` with
 * `readMetricSeries()`) when you export. A backend that only implements
 * `MetricsBackendProtocol` receives nothing but its own `recordMetric()` calls.
 */
export abstract class CollectorMetricsBackend implements MetricsBackendProtocol {
  abstract readonly kind: string;
  private current: MetricsCollector | undefined;

  /** @param collector the collector to read; @default one of its own, until another is attached */
  protected constructor(collector?: MetricsCollector) {
    this.current = collector;
  }

  /** The collector this backend reads and records into. */
  get collector(): MetricsCollector {
    return (this.current ??= this.createCollector());
  }

  /**
   * Reads and records into `collector` from now on. `MonitorModule` and
   * `MonitorProvider` call it with the application's collector.
   */
  attachCollector(collector: MetricsCollector): void {
    if (collector === this.current) return;
    this.current = collector;
    this.collectorAttached(collector);
  }

  /** Records into the collector: counter → `increment`, gauge → `gauge`, histogram → `histogram`. */
  recordMetric(
    name: string,
    value: number,
    metricType: BackendMetricType,
    labels?: MetricLabels,
  ): void {
    this.collector.recordByType(name, value, metricType, labels);
  }

  abstract initialize(): Promise<void>;
  abstract shutdown(): Promise<void>;
  abstract export(spans?: readonly unknown[]): Promise<void>;

  /** The collector made when none was given. */
  protected createCollector(): MetricsCollector {
    return new MetricsCollector();
  }

  /** Hook for subclasses that keep something built over the collector. */
  protected collectorAttached(_collector: MetricsCollector): void {}
}
