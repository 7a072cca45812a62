/**
 * What each subsystem's provider factory is told when the module is built:
 * `stub` for `MonitorModule.stub()` (no-op metrics and tracing, logging
 * dispatcher, no-op error tracker), `slo` for `withSlo()`.
 */
export interface MonitorBuildContext {
  stub: boolean;
  slo: boolean;
}
