export { Traced, type TracedOptions } from './traced.decorator';
export { Monitor, type MonitorOptions, type MonitorLogLine } from './monitor.decorator';
export {
  Metered,
  bindMeteredCollector,
  METERED_COLLECTOR,
  type MeteredOptions,
} from './metered.decorator';
