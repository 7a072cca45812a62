export { PerformanceMonitor } from './performance.monitor';
export {
  PerformanceMonitorState,
  type PerformanceMonitorConfig,
  type PerformanceMetrics,
  type FunctionProfileResult,
  type PerformanceSummary,
  type CpuProfileOptions,
  type EventLoopDelay,
} from './performance.types';
export {
  profileFunction,
  profileAsyncFunction,
  captureCpuProfile,
  monitorAsyncOperation,
} from './profile-function';
export { getPerformanceSummary } from './performance-summary.util';
export { CpuProfileRecorder } from './cpu-profile.util';
