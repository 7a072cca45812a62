import { SampleRingBuffer } from './sample-ring.buffer.js';
import { SLOMonitor } from './slo.monitor.js';
import { SortedWindow } from './sorted-window.js';

/** Nearest rank over a sorted copy: the definition, for comparison. */
function reference(values: number[], percentile: number): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil(percentile * sorted.length - 1e-9)));
  return sorted[rank - 1];
}

function lcg(seed: number) {
  let s = seed;
  return () => (s = (s * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
}

describe('SampleRingBuffer sequence numbers', () => {
  it('numbers samples in push order, holds maxSize and keeps a quarter more readable', () => {
    const ring = new SampleRingBuffer(8);
    for (let i = 0; i < 30; i++) ring.push(i * 10, i);
    expect(ring.size).toBe(8);
    expect([ring.startSeq, ring.endSeq]).toEqual([22, 30]);
    expect(ring.retainedFrom).toBe(20);
    expect(ring.valueAt(20)).toBe(200);
    expect(ring.valueAt(29)).toBe(290);
    expect(ring.seqFrom(25)).toBe(25);
    const epoch = ring.epoch;
    ring.clear();
    expect([ring.size, ring.endSeq]).toEqual([0, 0]);
    expect(ring.epoch).not.toBe(epoch);
  });
});

describe('SortedWindow', () => {
  it('answers like a full sort under every churn, eviction and window move', () => {
    const random = lcg(42);
    const ring = new SampleRingBuffer(200);
    const view = new SortedWindow();
    const held: Array<[number, number]> = [];
    let time = 0;
    let viaView = 0;
    for (let round = 0; round < 400; round++) {
      // Mostly small batches (the view merges), sometimes large ones (selection), duplicates common.
      const batch = random() < 0.15 ? Math.floor(random() * 300) : Math.floor(random() * 20);
      for (let i = 0; i < batch; i++) {
        const value = Math.floor(random() * 50);
        ring.push(value, time);
        held.push([value, time]);
        if (held.length > 200) held.shift();
        time += random() < 0.5 ? 1 : 0;
      }
      const windowStart = time - 150 - Math.floor(random() * 100);
      const inWindow = held.filter(([, t]) => t >= windowStart).map(([v]) => v);
      const percentile = [0.5, 0.9, 0.99, 0.999, 1][round % 5];
      const got = view.percentile(ring, ring.seqFrom(windowStart), percentile);
      if (got !== undefined) {
        viaView++;
        expect(got).toBe(reference(inWindow, percentile));
      }
    }
    expect(viaView).toBeGreaterThan(200);
  });

  it('SLOMonitor gives the same answers with and without the view, clearSamples included', () => {
    let now = 1_000_000;
    const monitor = new SLOMonitor({ maxSamplesPerMetric: 500, now: () => now });
    const random = lcg(7);
    const samples: Array<[string, number, number]> = [];
    for (const [name, metric, percentile, windowMs] of [
      ['a-p50', 'a', 0.5, 60_000],
      ['a-p99', 'a', 0.99, 10_000],
      ['b-p95', 'b', 0.95, 30_000],
    ] as const) {
      monitor.register({ name, metric, percentile, thresholdMs: 40, windowMs });
    }
    for (let round = 0; round < 150; round++) {
      const batch = round % 17 === 0 ? 400 : 25;
      for (let i = 0; i < batch; i++) {
        const metric = random() < 0.5 ? 'a' : 'b';
        const value = Math.round(random() * 60);
        monitor.recordSample(metric, value);
        samples.push([metric, value, now]);
        now += 13;
      }
      if (round === 90) {
        monitor.clearSamples('a');
        samples.splice(0, samples.length, ...samples.filter(([m]) => m !== 'a'));
      }
      if (round === 120) {
        monitor.clearSamples();
        samples.length = 0;
      }
      monitor.evaluate();
      for (const status of monitor.statusOf()) {
        const { slo } = status;
        const held = samples.filter(([m]) => m === slo.metric).slice(-500);
        const window = held.filter(([, , t]) => t >= now - slo.windowMs).map(([, v]) => v);
        expect([slo.name, status.sampleCount, status.measuredValue]).toEqual([
          slo.name,
          window.length,
          reference(window, slo.percentile),
        ]);
      }
    }
  });
});
