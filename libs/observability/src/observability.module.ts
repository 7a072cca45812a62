import { Global, Module, type Provider } from '@nestjs/common';
import { HEALTH_CHECK_REGISTRY, METRICS_COLLECTOR, TRACER } from '@herald/contracts';
import { NoopHealthCheckRegistry } from './noop/noop-health-check-registry.js';
import { NoopMetricsCollector } from './noop/noop-metrics-collector.js';
import { NoopTracer } from './noop/noop-tracer.js';
import { getPriorityToken } from './utils/provide-with-priority.util.js';

function standIn(token: symbol, create: () => object): Provider {
  return {
    provide: token,
    useFactory: (real?: object) => real ?? create(),
    inject: [{ token: getPriorityToken(token), optional: true }],
  };
}

/**
 * The core observability module (global): binds no-op `METRICS_COLLECTOR`,
 * `TRACER` and `HEALTH_CHECK_REGISTRY` so application code can always resolve
 * them. A real implementation bound with `provideWithPriority()` (as
 * `MonitorModule` does) takes their place, whatever the import order.
 */
@Global()
@Module({
  providers: [
    standIn(METRICS_COLLECTOR, () => new NoopMetricsCollector()),
    standIn(TRACER, () => new NoopTracer()),
    standIn(HEALTH_CHECK_REGISTRY, () => new NoopHealthCheckRegistry()),
  ],
  exports: [METRICS_COLLECTOR, TRACER, HEALTH_CHECK_REGISTRY],
})
export class ObservabilityModule {}
