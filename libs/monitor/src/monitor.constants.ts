/** Internal tokens of the monitor module; namespaced and kept out of the public barrel. */

/** The resolved, validated `MonitorConfig` of this module. */
export const MONITOR_CONFIG = Symbol.for('HERALD:MONITOR_CONFIG');

/** The collector and backend built together for this module (`MetricsParts`). */
export const METRICS_PARTS = Symbol.for('HERALD:METRICS_PARTS');
