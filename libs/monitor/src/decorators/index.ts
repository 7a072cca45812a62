export { Traced, type TracedOptions } from './traced.decorator';
export { Monitor, type MonitorOptions, type MonitorLogLine } from './monitor.decorator';
