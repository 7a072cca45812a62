/** Internal tokens of the monitor module; namespaced and kept out of the public barrel. */

/** The resolved, validated `MonitorConfig` of this module. */
export const MONITOR_CONFIG = Symbol.for('HERALD:MONITOR_CONFIG');
