import { monitorEventLoopDelay, type IntervalHistogram } from 'node:perf_hooks';
import { PerformanceMonitorError } from '../errors/index.js';
import { CpuProfileRecorder, defaultProfileName } from './cpu-profile.util.js';
import {
  PerformanceMonitorState,
  type PerformanceMetrics,
  type PerformanceMonitorConfig,
} from './performance.types.js';

const NS_PER_MS = 1e6;

function emptyMetrics(): PerformanceMetrics {
  return {
    cpuSamples: [],
    memorySamples: [],
    rssSamples: [],
    activeHandleSamples: [],
    samplesPerSecond: 0,
  };
}

/**
 * The performance monitor: while monitoring, samples CPU, memory and
 * active handles every `samplingIntervalMs` and tracks event-loop delay;
 * `stopMonitoring()` finalises `metrics`. Optionally records a V8 CPU
 * profile saved as a `.cpuprofile`. The sampling timer is unref'd.
 *
 * @example
 * const monitor = new PerformanceMonitor({ samplingIntervalMs: 50 });
 * const report = await monitor.monitorContext(() => importOrders());
 * getPerformanceSummary(monitor.metrics);
 */
export class PerformanceMonitor {
  readonly config: Required<
    Pick<PerformanceMonitorConfig, 'samplingIntervalMs' | 'maxSamples' | 'name'>
  > &
    PerformanceMonitorConfig;
  private currentState = PerformanceMonitorState.IDLE;
  private current: PerformanceMetrics = emptyMetrics();
  private timer?: NodeJS.Timeout;
  private loopDelay?: IntervalHistogram;
  private lastCpu?: NodeJS.CpuUsage;
  private lastTick = 0n;
  private profiler?: CpuProfileRecorder;

  constructor(config: PerformanceMonitorConfig = {}) {
    const samplingIntervalMs = config.samplingIntervalMs ?? 100;
    if (!(samplingIntervalMs >= 1)) {
      throw new PerformanceMonitorError(
        `samplingIntervalMs must be at least 1 ms (got ${samplingIntervalMs})`,
      );
    }
    this.config = {
      ...config,
      samplingIntervalMs,
      maxSamples: config.maxSamples ?? 10_000,
      name: config.name ?? 'herald',
    };
  }

  get state(): PerformanceMonitorState {
    return this.currentState;
  }

  /** What was measured so far (final once stopped). */
  get metrics(): PerformanceMetrics {
    return this.current;
  }

  /** Starts sampling; throws `PerformanceMonitorError` when already monitoring. */
  startMonitoring(): void {
    if (this.currentState === PerformanceMonitorState.MONITORING) {
      throw new PerformanceMonitorError(
        `performance monitor "${this.config.name}" is already monitoring; call stopMonitoring() first`,
      );
    }
    this.current = { ...emptyMetrics(), startTime: Date.now() };
    this.loopDelay = monitorEventLoopDelay({ resolution: 10 });
    this.loopDelay.enable();
    this.lastCpu = process.cpuUsage();
    this.lastTick = process.hrtime.bigint();
    if (this.config.cpuProfile) {
      this.profiler = new CpuProfileRecorder();
      this.profiler.start();
    }
    this.currentState = PerformanceMonitorState.MONITORING;
    this.sample();
    this.timer = setInterval(() => this.sample(), this.config.samplingIntervalMs);
    this.timer.unref();
  }

  /** Stops sampling and finalises `metrics` (duration, event-loop delay, rate, profile). */
  stopMonitoring(): PerformanceMetrics {
    if (this.currentState !== PerformanceMonitorState.MONITORING) {
      throw new PerformanceMonitorError(
        `performance monitor "${this.config.name}" is not monitoring (state ${this.currentState}); call startMonitoring() first`,
      );
    }
    clearInterval(this.timer);
    this.timer = undefined;
    this.sample();
    const metrics = this.current;
    metrics.endTime = Date.now();
    metrics.duration = Math.max(0, metrics.endTime - metrics.startTime!);
    const histogram = this.loopDelay!;
    histogram.disable();
    if (histogram.count > 0) {
      metrics.eventLoopDelay = {
        minMs: histogram.min / NS_PER_MS,
        maxMs: histogram.max / NS_PER_MS,
        meanMs: histogram.mean / NS_PER_MS,
        p50Ms: histogram.percentile(50) / NS_PER_MS,
        p99Ms: histogram.percentile(99) / NS_PER_MS,
      };
    }
    this.loopDelay = undefined;
    metrics.samplesPerSecond =
      metrics.duration > 0 ? metrics.cpuSamples.length / (metrics.duration / 1000) : 0;
    if (this.profiler && this.config.cpuProfile) {
      metrics.cpuProfilePath = this.profiler.stopAndSave(
        this.config.cpuProfile,
        defaultProfileName(this.config.name),
      );
      this.profiler = undefined;
    }
    this.currentState = PerformanceMonitorState.STOPPED;
    return metrics;
  }

  /** Runs `fn` (sync or async) while monitoring; stops afterwards, even when it throws. */
  monitorContext<T>(fn: (monitor: this) => T): T {
    this.startMonitoring();
    let result: T;
    try {
      result = fn(this);
    } catch (error) {
      this.stopMonitoring();
      throw error;
    }
    if (result instanceof Promise) {
      return result.finally(() => this.stopMonitoring()) as T;
    }
    this.stopMonitoring();
    return result;
  }

  private sample(): void {
    const metrics = this.current;
    if (metrics.cpuSamples.length >= this.config.maxSamples) return;
    const now = process.hrtime.bigint();
    const cpu = process.cpuUsage(this.lastCpu);
    const elapsedUs = Number(now - this.lastTick) / 1000;
    this.lastCpu = process.cpuUsage();
    this.lastTick = now;
    const memory = process.memoryUsage();
    metrics.cpuSamples.push(elapsedUs > 0 ? ((cpu.user + cpu.system) / elapsedUs) * 100 : 0);
    metrics.memorySamples.push(memory.heapUsed);
    metrics.rssSamples.push(memory.rss);
    metrics.activeHandleSamples.push(process.getActiveResourcesInfo().length);
  }
}
