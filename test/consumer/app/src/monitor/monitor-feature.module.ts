import { Module } from '@nestjs/common';
import { MonitorModule } from '@herald/monitor';

/**
 * `MonitorModule` for an app that wants tracing or health but no metrics
 * backend: `backendType: 'memory'` keeps metrics in process, so neither
 * prom-client nor the OpenTelemetry metrics SDK is installed.
 */
@Module({
  imports: [MonitorModule.configure({ config: { backendType: 'memory' } })],
})
export class MonitorFeatureModule {}
