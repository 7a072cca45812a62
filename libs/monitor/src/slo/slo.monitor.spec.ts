import type { MetricLabels } from '@herald/contracts';
import { NoopMetricsCollector } from '@herald/observability';
import { HeraldValueError } from '../errors/index.js';
import { CapturingAlertDispatcher } from '../testing/index.js';
import { SLOTier } from './slo-tier.enum.js';
import { SLOMonitor } from './slo.monitor.js';
import type { SLO } from './slo.types.js';

const api: SLO = {
  name: 'api-p90',
  metric: 'http.latency',
  percentile: 0.9,
  thresholdMs: 100,
  windowMs: 60_000,
};

function monitorAt(start = 1_000_000, options: ConstructorParameters<typeof SLOMonitor>[0] = {}) {
  const clock = { now: start };
  const alerts = new CapturingAlertDispatcher();
  const monitor = new SLOMonitor({ alertDispatcher: alerts, now: () => clock.now, ...options });
  return { clock, alerts, monitor };
}

describe('SLOMonitor', () => {
  it('registers SLOs with defaults and refuses a duplicate name with HeraldValueError', () => {
    const { monitor } = monitorAt();
    const registered = monitor.register(api);
    expect(registered.burnRateThreshold).toBe(1);
    expect(registered.tier).toBe(SLOTier.P1_BUSINESS_HOURS);
    expect(monitor.registeredSlos).toEqual({ 'api-p90': registered });
    expect(() => monitor.register({ ...api })).toThrow(HeraldValueError);
    expect(() => monitor.register({ ...api })).toThrow('SLO "api-p90" is already registered');
  });

  it('rejects invalid SLO values, naming them', () => {
    const { monitor } = monitorAt();
    expect(() => monitor.register({ ...api, name: 'a', percentile: 1.5 })).toThrow(
      'SLO "a": percentile must be a fraction between 0 and 1 (0.99 = p99) (got 1.5)',
    );
    expect(() => monitor.register({ ...api, name: 'b', thresholdMs: 0 })).toThrow(/thresholdMs/);
    expect(() => monitor.register({ ...api, name: 'c', windowMs: -1 })).toThrow(/windowMs/);
    expect(() => monitor.recordSample('m', Number.NaN)).toThrow(HeraldValueError);
    expect(() => new SLOMonitor({ maxSamplesPerMetric: 0 })).toThrow(/maxSamplesPerMetric/);
  });

  it('returns no violations without samples or within bounds', () => {
    const { monitor } = monitorAt();
    monitor.register(api);
    expect(monitor.evaluate()).toEqual([]);
    for (let i = 1; i <= 100; i++) monitor.recordSample('http.latency', i);
    expect(monitor.evaluate()).toEqual([]);
    expect(monitor.statusOf()[0]).toMatchObject({
      sampleCount: 100,
      measuredValue: 90,
      inViolation: false,
    });
  });

  it('reports a violation with the nearest-rank percentile, burn rate and an auto message', () => {
    const { monitor, clock } = monitorAt();
    monitor.register(api);
    for (let i = 1; i <= 100; i++) monitor.recordSample('http.latency', i * 2);
    const [violation] = monitor.evaluate();
    expect(violation.measuredValue).toBe(180);
    expect(violation.burnRate).toBeCloseTo(1.8);
    expect(violation.detectedAt).toEqual(new Date(clock.now));
    expect(violation.slo.name).toBe('api-p90');
    expect(violation.message).toBe(
      'SLO "api-p90" violated: p90 of http.latency is 180 ms over the last 1m, threshold 100 ms (burn rate 1.8x)',
    );
  });

  it('needs measured > threshold and measured/threshold >= burnRateThreshold', () => {
    const { monitor } = monitorAt();
    monitor.register({ ...api, name: 'exact', thresholdMs: 100 });
    monitor.register({ ...api, name: 'burn2', thresholdMs: 50, burnRateThreshold: 2 });
    monitor.register({ ...api, name: 'burn1.5', thresholdMs: 50, burnRateThreshold: 1.5 });
    for (let i = 0; i < 10; i++) monitor.recordSample('http.latency', 100);
    expect(monitor.evaluate().map((v) => v.slo.name)).toEqual(['burn2', 'burn1.5']);
    monitor.clearSamples('http.latency');
    for (let i = 0; i < 10; i++) monitor.recordSample('http.latency', 99);
    expect(monitor.evaluate().map((v) => v.slo.name)).toEqual(['burn1.5']);
  });

  it('only counts samples of the last windowMs', () => {
    const { monitor, clock } = monitorAt();
    monitor.register(api);
    for (let i = 0; i < 50; i++) monitor.recordSample('http.latency', 500);
    clock.now += 30_000;
    for (let i = 0; i < 50; i++) monitor.recordSample('http.latency', 10);
    expect(monitor.evaluate()).toHaveLength(1);
    clock.now += 30_001; // the slow samples are now older than 60 s
    expect(monitor.evaluate()).toEqual([]);
    expect(monitor.statusOf()[0].sampleCount).toBe(50);
    clock.now += 30_000;
    expect(monitor.evaluate()).toEqual([]);
    expect(monitor.statusOf()[0]).toMatchObject({ sampleCount: 0, measuredValue: undefined });
  });

  it('keeps at most maxSamplesPerMetric samples, dropping the oldest', () => {
    const { monitor } = monitorAt(0, { maxSamplesPerMetric: 100 });
    monitor.register({ ...api, percentile: 0 });
    for (let i = 1; i <= 250; i++) monitor.recordSample('http.latency', i);
    expect(monitor.sampleCount('http.latency')).toBe(100);
    monitor.evaluate();
    expect(monitor.statusOf()[0]).toMatchObject({ sampleCount: 100, measuredValue: 151 });
  });

  it('clearSamples clears one metric or all', () => {
    const { monitor } = monitorAt();
    monitor.recordSample('a', 1);
    monitor.recordSample('b', 1);
    monitor.clearSamples('a');
    expect(monitor.sampleCount('a')).toBe(0);
    expect(monitor.sampleCount('b')).toBe(1);
    monitor.clearSamples();
    expect(monitor.sampleCount('b')).toBe(0);
  });

  it('dispatches violations with tier-aware context', async () => {
    const { monitor, alerts } = monitorAt();
    monitor.register({
      ...api,
      tier: SLOTier.P0_PAGE,
      owner: 'team-api',
      runbookUrl: 'https://runbooks/api',
    });
    for (let i = 0; i < 10; i++) monitor.recordSample('http.latency', 250);
    const violations = await monitor.evaluateAndDispatch();
    expect(violations).toHaveLength(1);
    expect(alerts.alerts).toHaveLength(1);
    expect(alerts.alerts[0]).toMatchObject({
      title: 'SLO api-p90 violated',
      message: violations[0].message,
      severity: 'critical',
      context: {
        alertName: 'api-p90',
        tier: 'p0_page',
        owner: 'team-api',
        runbookUrl: 'https://runbooks/api',
        burnRate: 2.5,
        measuredValueMs: 250,
        thresholdMs: 100,
        window: '1m',
      },
    });
  });

  it.each([
    [SLOTier.P1_BUSINESS_HOURS, 'high'],
    [SLOTier.P2_TICKET, 'medium'],
    [SLOTier.P3_INFO, 'low'],
  ])('tier %s alerts with severity %s', async (tier, severity) => {
    const { monitor, alerts } = monitorAt();
    monitor.register({ ...api, tier });
    monitor.recordSample('http.latency', 1000);
    await monitor.evaluateAndDispatch();
    expect(alerts.alerts[0].severity).toBe(severity);
  });

  describe('suppression (fake timers)', () => {
    beforeEach(() => jest.useFakeTimers({ now: new Date('2026-01-01T00:00:00Z') }));
    afterEach(() => jest.useRealTimers());

    it('suppresses a repeated alert of the same SLO within the window, per SLO', async () => {
      const alerts = new CapturingAlertDispatcher();
      const monitor = new SLOMonitor({ alertDispatcher: alerts, suppressionWindowMs: 60_000 });
      monitor.register({ ...api, windowMs: 3_600_000 });
      monitor.register({ ...api, name: 'other', windowMs: 3_600_000 });
      monitor.recordSample('http.latency', 1000);

      expect(await monitor.evaluateAndDispatch()).toHaveLength(2);
      expect(alerts.alerts).toHaveLength(2);
      jest.advanceTimersByTime(59_999);
      expect(await monitor.evaluateAndDispatch()).toHaveLength(2); // same list...
      expect(alerts.alerts).toHaveLength(2); // ...but nothing sent
      jest.advanceTimersByTime(1);
      await monitor.evaluateAndDispatch();
      expect(alerts.alerts).toHaveLength(4);
      expect(monitor.statusOf()[0].lastAlertAt).toEqual(new Date(Date.now()));
    });

    it('uses 300000 ms by default', async () => {
      const alerts = new CapturingAlertDispatcher();
      const monitor = new SLOMonitor({ alertDispatcher: alerts });
      expect(monitor.suppressionWindowMs).toBe(300_000);
      expect(monitor.maxSamplesPerMetric).toBe(10_000);
      monitor.register({ ...api, windowMs: 3_600_000 });
      monitor.recordSample('http.latency', 1000);
      await monitor.evaluateAndDispatch();
      jest.advanceTimersByTime(299_000);
      await monitor.evaluateAndDispatch();
      expect(alerts.alerts).toHaveLength(1);
      jest.advanceTimersByTime(1_000);
      await monitor.evaluateAndDispatch();
      expect(alerts.alerts).toHaveLength(2);
    });

    it('does not suppress after a failed dispatch', async () => {
      let fail = true;
      const sent: string[] = [];
      const monitor = new SLOMonitor({
        alertDispatcher: {
          sendAlert: async (title) => {
            if (fail) throw new Error('down');
            sent.push(title);
          },
          sendMetricAlert: async () => undefined,
        },
      });
      monitor.register(api);
      monitor.recordSample('http.latency', 1000);
      await expect(monitor.evaluateAndDispatch()).resolves.toHaveLength(1);
      fail = false;
      await monitor.evaluateAndDispatch();
      expect(sent).toEqual(['SLO api-p90 violated']);
    });
  });

  it('exports measured value, burn rate and in-violation gauges through the collector', () => {
    const gauges: Array<[string, number, MetricLabels | undefined]> = [];
    const collector = new NoopMetricsCollector();
    (collector as { gauge: (n: string, v: number, t?: MetricLabels) => void }).gauge = (
      name,
      value,
      tags,
    ) => {
      gauges.push([name, value, tags]);
    };
    const { monitor } = monitorAt(0, { metricsCollector: collector });
    monitor.register(api);
    monitor.recordSample('http.latency', 200);
    monitor.evaluate();
    expect(gauges).toEqual([
      ['slo_measured_value_ms', 200, { slo: 'api-p90' }],
      ['slo_burn_rate', 2, { slo: 'api-p90' }],
      ['slo_in_violation', 1, { slo: 'api-p90' }],
    ]);
  });

  it('errorBudget: bad fraction / (1 - percentile) and the multi-window burn alerts', () => {
    const { monitor, clock } = monitorAt(10 * 3_600_000);
    monitor.register({ ...api, percentile: 0.99, windowMs: 3_600_000 });
    for (let i = 0; i < 80; i++) monitor.recordSample('http.latency', 50);
    for (let i = 0; i < 20; i++) monitor.recordSample('http.latency', 500);
    const [report] = monitor.errorBudget('api-p90');
    expect(report.allowedBadFraction).toBeCloseTo(0.01);
    expect(report.window.bad).toBe(20);
    expect(report.window.burnRate).toBeCloseTo(20);
    expect(report.window.budgetRemaining).toBe(0);
    expect(report.alerts.map((a) => [a.factor, a.firing])).toEqual([
      [14.4, true],
      [6, true],
      [1, true],
    ]);
    clock.now += 10 * 60_000; // the short 5 m window is now empty: the 14.4x page stops
    const [later] = monitor.errorBudget();
    expect(later.alerts[0]).toMatchObject({ firing: false, shortBurnRate: 0 });
    expect(later.alerts[1].firing).toBe(true);
    expect(() => monitor.errorBudget('nope')).toThrow('no SLO named "nope" is registered');
  });
});
