import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { PerformanceMonitorError } from '../errors/index.js';
import { getPerformanceSummary } from './performance-summary.util.js';
import { PerformanceMonitor } from './performance.monitor.js';
import { PerformanceMonitorState } from './performance.types.js';
import {
  captureCpuProfile,
  monitorAsyncOperation,
  profileAsyncFunction,
  profileFunction,
} from './profile-function.js';

function busy(ms: number): number {
  const end = Date.now() + ms;
  let x = 0;
  while (Date.now() < end) x += Math.sqrt(x + 1);
  return x;
}

describe('PerformanceMonitor', () => {
  let dir: string;
  beforeAll(() => (dir = mkdtempSync(join(tmpdir(), 'herald-prof-'))));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('goes idle → monitoring → stopped, sampling at the interval', async () => {
    const monitor = new PerformanceMonitor({ samplingIntervalMs: 10 });
    expect(monitor.state).toBe(PerformanceMonitorState.IDLE);
    expect(monitor.metrics.duration).toBeUndefined();
    monitor.startMonitoring();
    expect(monitor.state).toBe('monitoring');
    // Eight turns of the loop rather than one long sleep: the delay histogram
    // samples per turn, and a loaded machine may give one 80 ms sleep a single turn.
    for (let i = 0; i < 8; i++) await sleep(10);
    const metrics = monitor.stopMonitoring();
    expect(monitor.state).toBe('stopped');
    expect(metrics).toBe(monitor.metrics);
    expect(metrics.duration).toBeGreaterThanOrEqual(70);
    expect(metrics.cpuSamples.length).toBeGreaterThanOrEqual(3);
    expect(metrics.memorySamples).toHaveLength(metrics.cpuSamples.length);
    expect(metrics.activeHandleSamples.every((n) => n >= 1)).toBe(true);
    expect(metrics.memorySamples.every((n) => n > 0)).toBe(true);
    expect(metrics.samplesPerSecond).toBeCloseTo(
      metrics.cpuSamples.length / (metrics.duration! / 1000),
    );
    expect(metrics.eventLoopDelay?.maxMs).toBeGreaterThan(0);
  });

  it('refuses a second start with PerformanceMonitorError, and a stop when not monitoring', () => {
    const monitor = new PerformanceMonitor();
    expect(() => monitor.stopMonitoring()).toThrow(PerformanceMonitorError);
    monitor.startMonitoring();
    expect(() => monitor.startMonitoring()).toThrow(PerformanceMonitorError);
    expect(() => monitor.startMonitoring()).toThrow(/already monitoring/);
    expect(monitor.state).toBe('monitoring');
    monitor.stopMonitoring();
    monitor.startMonitoring(); // a stopped monitor can start again, with fresh metrics
    expect(monitor.metrics.duration).toBeUndefined();
    monitor.stopMonitoring();
  });

  it('records CPU use of busy work', () => {
    const monitor = new PerformanceMonitor({ samplingIntervalMs: 5 });
    monitor.monitorContext(() => busy(60));
    expect(Math.max(...monitor.metrics.cpuSamples)).toBeGreaterThan(1);
  });

  it('monitorContext returns sync and async results and stops on error', async () => {
    const monitor = new PerformanceMonitor({ samplingIntervalMs: 5 });
    expect(monitor.monitorContext(() => 42)).toBe(42);
    expect(monitor.state).toBe('stopped');
    await expect(monitor.monitorContext(async () => (await sleep(15), 'done'))).resolves.toBe(
      'done',
    );
    expect(monitor.metrics.duration).toBeGreaterThanOrEqual(10);
    expect(() =>
      monitor.monitorContext(() => {
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(monitor.state).toBe('stopped');
    await expect(monitor.monitorContext(() => Promise.reject(new Error('late')))).rejects.toThrow(
      'late',
    );
    expect(monitor.state).toBe('stopped');
  });

  it('monitorAsyncOperation hands a running monitor to the callback', async () => {
    let seen: PerformanceMonitor | undefined;
    const result = await monitorAsyncOperation({ samplingIntervalMs: 5 }, async (monitor) => {
      seen = monitor;
      expect(monitor.state).toBe('monitoring');
      await sleep(20);
      return 'ok';
    });
    expect(result).toBe('ok');
    expect(seen!.state).toBe('stopped');
    expect(seen!.metrics.duration).toBeGreaterThanOrEqual(15);
  });

  it('records a V8 CPU profile as a .cpuprofile when asked', () => {
    const monitor = new PerformanceMonitor({
      samplingIntervalMs: 10,
      cpuProfile: { outputDir: dir, fileName: 'monitor' },
    });
    monitor.monitorContext(() => busy(30));
    expect(monitor.metrics.cpuProfilePath).toBe(join(dir, 'monitor.cpuprofile'));
    const profile = JSON.parse(readFileSync(monitor.metrics.cpuProfilePath!, 'utf8'));
    expect(profile.nodes.length).toBeGreaterThan(0);
    expect(profile.endTime).toBeGreaterThan(profile.startTime);
    expect(getPerformanceSummary(monitor.metrics).hasProfileData).toBe(true);
  });

  it('getPerformanceSummary computes counts, averages and maxima', () => {
    expect(
      getPerformanceSummary({
        duration: 2000,
        cpuSamples: [10, 30],
        memorySamples: [100, 300],
        rssSamples: [1, 1],
        activeHandleSamples: [2, 4],
        samplesPerSecond: 1,
        eventLoopDelay: { minMs: 1, maxMs: 5, meanMs: 2, p50Ms: 2, p99Ms: 4 },
      }),
    ).toEqual({
      duration: 2000,
      cpuSampleCount: 2,
      memorySampleCount: 2,
      avgCpuPercent: 20,
      maxCpuPercent: 30,
      avgMemoryBytes: 200,
      maxMemoryBytes: 300,
      avgActiveHandles: 3,
      maxActiveHandles: 4,
      samplesPerSecond: 1,
      eventLoopDelayP99Ms: 4,
      hasProfileData: false,
    });
    expect(getPerformanceSummary(new PerformanceMonitor().metrics)).toMatchObject({
      duration: undefined,
      cpuSampleCount: 0,
      avgCpuPercent: 0,
    });
  });

  describe('function profiling', () => {
    it('profileFunction returns timing, heap delta, CPU time and the result', () => {
      // The garbage the suite left before the call is collected first: a full
      // heap collected during the call once turned the delta negative (-52 MB)
      // despite the 32 MB kept.
      setFlagsFromString('--expose-gc');
      (runInNewContext('gc') as () => void)();
      const keep: number[][] = [];
      const profile = profileFunction((n: number) => {
        keep.push(new Array(n).fill(1.5));
        busy(20);
        return n * 2;
        // 32 MB kept: a collection of other garbage during the call cannot hide it.
      }, 4_000_000);
      expect(profile.result).toBe(8_000_000);
      expect(profile.executionTime).toBeGreaterThanOrEqual(19);
      expect(profile.memoryDelta).toBe(profile.memoryAfter - profile.memoryBefore);
      expect(profile.memoryDelta).toBeGreaterThan(4_000_000);
      expect(profile.cpuUserMs + profile.cpuSystemMs).toBeGreaterThan(0);
      expect(keep).toHaveLength(1);
    });

    it('profileFunction lets errors through', () => {
      expect(() =>
        profileFunction(() => {
          throw new Error('nope');
        }),
      ).toThrow('nope');
    });

    it('profileAsyncFunction returns [result, profile]', async () => {
      const [result, profile] = await profileAsyncFunction(
        async (a: number, b: number) => (await sleep(25), a + b),
        2,
        3,
      );
      expect(result).toBe(5);
      expect(profile.result).toBe(5);
      expect(profile.executionTime).toBeGreaterThanOrEqual(20);
    });

    it('captureCpuProfile saves a profile Chrome DevTools can load', async () => {
      const [result, profile] = await captureCpuProfile(
        { outputDir: join(dir, 'nested'), name: 'render' },
        () => busy(20),
      );
      expect(typeof result).toBe('number');
      expect(profile.cpuProfilePath).toMatch(/nested\/render-.*\.cpuprofile$/);
      const cpuprofile = JSON.parse(readFileSync(profile.cpuProfilePath!, 'utf8'));
      expect(Object.keys(cpuprofile)).toEqual(
        expect.arrayContaining(['nodes', 'startTime', 'endTime', 'samples', 'timeDeltas']),
      );
      expect(cpuprofile.nodes[0].callFrame.functionName).toBe('(root)');
    });
  });
});
