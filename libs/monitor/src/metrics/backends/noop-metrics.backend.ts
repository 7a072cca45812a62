import type { MetricsBackendProtocol } from '@herald/contracts';

/** The no-op metrics backend, the default of `MonitorModule.configure()`: accepts and drops everything. */
export class NoopMetricsBackend implements MetricsBackendProtocol {
  readonly kind = 'noop';
  async initialize(): Promise<void> {}
  async shutdown(): Promise<void> {}
  recordMetric(): void {}
  async export(): Promise<void> {}
}
