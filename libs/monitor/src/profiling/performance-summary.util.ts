import type { PerformanceMetrics, PerformanceSummary } from './performance.types.js';

function average(values: number[]): number {
  if (values.length === 0) return 0;
  let sum = 0;
  for (const value of values) sum += value;
  return sum / values.length;
}

function maximum(values: number[]): number {
  let max = 0;
  for (const value of values) if (value > max) max = value;
  return max;
}

/**
 * `getPerformanceSummary(metrics)`: duration, sample counts, CPU and
 * memory averages (and maxima), task counts (active handles) and
 * `hasProfileData` (a CPU profile was saved).
 */
export function getPerformanceSummary(metrics: PerformanceMetrics): PerformanceSummary {
  return {
    duration: metrics.duration,
    cpuSampleCount: metrics.cpuSamples.length,
    memorySampleCount: metrics.memorySamples.length,
    avgCpuPercent: average(metrics.cpuSamples),
    maxCpuPercent: maximum(metrics.cpuSamples),
    avgMemoryBytes: average(metrics.memorySamples),
    maxMemoryBytes: maximum(metrics.memorySamples),
    avgActiveHandles: average(metrics.activeHandleSamples),
    maxActiveHandles: maximum(metrics.activeHandleSamples),
    samplesPerSecond: metrics.samplesPerSecond,
    eventLoopDelayP99Ms: metrics.eventLoopDelay?.p99Ms,
    hasProfileData: metrics.cpuProfilePath !== undefined,
  };
}
