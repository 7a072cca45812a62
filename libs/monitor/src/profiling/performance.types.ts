/** States of a `PerformanceMonitor`. */
export enum PerformanceMonitorState {
  IDLE = 'idle',
  MONITORING = 'monitoring',
  STOPPED = 'stopped',
}

/** Options of `new PerformanceMonitor(config?)`. */
export interface PerformanceMonitorConfig {
  /** Milliseconds between CPU/memory samples. @default 100 */
  samplingIntervalMs?: number;
  /** Samples kept per series; beyond, sampling keeps running but stops storing. @default 10000 */
  maxSamples?: number;
  /** Record a V8 CPU profile while monitoring and save it as `<dir>/<name>.cpuprofile`. */
  cpuProfile?: CpuProfileOptions;
  /** Name used in the profile file name. @default 'herald' */
  name?: string;
}

/** Where a `.cpuprofile` (Chrome DevTools' format) is written. */
export interface CpuProfileOptions {
  /** Directory of the file; created when missing. */
  outputDir: string;
  /** File name without extension. @default `<name>-<ISO time>` */
  fileName?: string;
}

/** Event-loop delay over the monitored period, in milliseconds (`perf_hooks.monitorEventLoopDelay`). */
export interface EventLoopDelay {
  minMs: number;
  maxMs: number;
  meanMs: number;
  p50Ms: number;
  p99Ms: number;
}

/** What a `PerformanceMonitor` measured. */
export interface PerformanceMetrics {
  /** Epoch ms when monitoring started. */
  startTime?: number;
  endTime?: number;
  /** Milliseconds monitored; undefined until stopped. */
  duration?: number;
  /** Process CPU use per sample, percent of one core (user + system). */
  cpuSamples: number[];
  /** Heap used per sample, bytes. */
  memorySamples: number[];
  /** Resident set size per sample, bytes. */
  rssSamples: number[];
  /** Active handles and requests (`process.getActiveResourcesInfo()`) per sample: Node's task count. */
  activeHandleSamples: number[];
  eventLoopDelay?: EventLoopDelay;
  /** Samples taken per second of monitoring. */
  samplesPerSecond: number;
  /** Path of the saved `.cpuprofile`, when one was recorded. */
  cpuProfilePath?: string;
}

/** One call's timing and memory data. */
export interface FunctionProfileResult<T = unknown> {
  /** Milliseconds. */
  executionTime: number;
  /** Heap used before and after, and the difference, in bytes. */
  memoryBefore: number;
  memoryAfter: number;
  memoryDelta: number;
  /** CPU time spent by the process during the call, milliseconds. */
  cpuUserMs: number;
  cpuSystemMs: number;
  /** What the function returned. */
  result: T;
  /** Set when a CPU profile was captured (`captureCpuProfile`). */
  cpuProfilePath?: string;
}

/** What `getPerformanceSummary(metrics)` returns. */
export interface PerformanceSummary {
  duration: number | undefined;
  cpuSampleCount: number;
  memorySampleCount: number;
  avgCpuPercent: number;
  maxCpuPercent: number;
  avgMemoryBytes: number;
  maxMemoryBytes: number;
  avgActiveHandles: number;
  maxActiveHandles: number;
  samplesPerSecond: number;
  eventLoopDelayP99Ms: number | undefined;
  hasProfileData: boolean;
}
