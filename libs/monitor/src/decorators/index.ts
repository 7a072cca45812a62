export { Traced, type TracedOptions } from './traced.decorator.js';
export { Monitor, type MonitorOptions, type MonitorLogLine } from './monitor.decorator.js';
export {
  Metered,
  bindMeteredCollector,
  METERED_COLLECTOR,
  type MeteredOptions,
} from './metered.decorator.js';
