import { Module } from '@nestjs/common';
import { ObservabilityModule } from '@herald/observability';

// METRICS_COLLECTOR, TRACER and HEALTH_CHECK_REGISTRY resolve everywhere, as no-ops until
// MonitorModule binds the real ones.
@Module({ imports: [ObservabilityModule] })
export class AppModule {}
