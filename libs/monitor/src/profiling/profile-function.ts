import { CpuProfileRecorder, defaultProfileName } from './cpu-profile.util.js';
import { PerformanceMonitor } from './performance.monitor.js';
import type {
  CpuProfileOptions,
  FunctionProfileResult,
  PerformanceMonitorConfig,
} from './performance.types.js';

interface Snapshot {
  at: bigint;
  heap: number;
  cpu: NodeJS.CpuUsage;
}

function snapshot(): Snapshot {
  return {
    heap: process.memoryUsage().heapUsed,
    cpu: process.cpuUsage(),
    at: process.hrtime.bigint(),
  };
}

function finish<T>(before: Snapshot, result: T): FunctionProfileResult<T> {
  const at = process.hrtime.bigint();
  const cpu = process.cpuUsage(before.cpu);
  const heap = process.memoryUsage().heapUsed;
  return {
    executionTime: Number(at - before.at) / 1e6,
    memoryBefore: before.heap,
    memoryAfter: heap,
    memoryDelta: heap - before.heap,
    cpuUserMs: cpu.user / 1000,
    cpuSystemMs: cpu.system / 1000,
    result,
  };
}

/**
 * `profileFunction(fn, ...args)`: calls `fn(...args)` once and returns
 * its timing (ms), heap delta and CPU time, with the return value in
 * `result`. Errors propagate.
 *
 * @example profileFunction(JSON.parse, text).executionTime
 */
export function profileFunction<A extends unknown[], T>(
  fn: (...args: A) => T,
  ...args: A
): FunctionProfileResult<T> {
  const before = snapshot();
  return finish(before, fn(...args));
}

/** `profileAsyncFunction(fn, ...args)`: awaits `fn(...args)`; returns `[result, FunctionProfileResult]`. */
export async function profileAsyncFunction<A extends unknown[], T>(
  fn: (...args: A) => Promise<T> | T,
  ...args: A
): Promise<[T, FunctionProfileResult<T>]> {
  const before = snapshot();
  const result = await fn(...args);
  const profile = finish(before, result);
  return [result, profile];
}

/**
 * Like `profileAsyncFunction`, and records a V8 CPU profile of the call
 * through `node:inspector`, saved as a `.cpuprofile` that Chrome DevTools opens.
 *
 * @example const [, profile] = await captureCpuProfile({ outputDir: 'profiles' }, () => render());
 */
export async function captureCpuProfile<T>(
  options: CpuProfileOptions & { name?: string },
  fn: () => Promise<T> | T,
): Promise<[T, FunctionProfileResult<T>]> {
  const recorder = new CpuProfileRecorder();
  recorder.start();
  let outcome: [T, FunctionProfileResult<T>];
  try {
    outcome = await profileAsyncFunction(fn);
  } catch (error) {
    recorder.discard();
    throw error;
  }
  outcome[1].cpuProfilePath = recorder.stopAndSave(
    options,
    defaultProfileName(options.name ?? 'herald'),
  );
  return outcome;
}

/**
 * `monitorAsyncOperation(config, fn)`: runs `fn` with a running
 * `PerformanceMonitor`, stops it afterwards (even on error) and returns
 * what `fn` returned; read `monitor.metrics` inside or keep the monitor.
 *
 * @example await monitorAsyncOperation({ samplingIntervalMs: 20 }, async (m) => { await work(); return m.metrics; })
 */
export async function monitorAsyncOperation<T>(
  config: PerformanceMonitorConfig | undefined,
  fn: (monitor: PerformanceMonitor) => Promise<T> | T,
): Promise<T> {
  const monitor = new PerformanceMonitor(config);
  return monitor.monitorContext(async (m) => fn(m));
}
