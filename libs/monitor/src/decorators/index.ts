export { Traced, type TracedOptions } from './traced.decorator.js';
export { Monitor, type MonitorOptions, type MonitorLogLine } from './monitor.decorator.js';
export { Metered, type MeteredOptions } from './metered.decorator.js';
