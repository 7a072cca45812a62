export { PerformanceMonitor } from './performance.monitor.js';
export {
  PerformanceMonitorState,
  type PerformanceMonitorConfig,
  type PerformanceMetrics,
  type FunctionProfileResult,
  type PerformanceSummary,
  type CpuProfileOptions,
  type EventLoopDelay,
} from './performance.types.js';
export {
  profileFunction,
  profileAsyncFunction,
  captureCpuProfile,
  monitorAsyncOperation,
} from './profile-function.js';
export { getPerformanceSummary } from './performance-summary.util.js';
