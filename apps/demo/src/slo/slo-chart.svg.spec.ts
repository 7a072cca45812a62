import { SLOMonitor, SLOTier } from '@herald/monitor';
import {
  BURN_COLOURS,
  describeSloChart,
  layoutSloChart,
  niceCeiling,
  renderSloChart,
} from './slo-chart.svg.js';
import { buildSloReport, burnLevel, type SloReportEntry } from './slo-report.util.js';

const MINUTE = 60_000;

/** A report entry with every window the engine reports; burn rates in window order. */
function entry(
  rates: Array<number | null>,
  overrides: Partial<SloReportEntry> = {},
): SloReportEntry {
  const windows: Array<[string, number]> = [
    ['1m', MINUTE],
    ['5m', 5 * MINUTE],
    ['30m', 30 * MINUTE],
    ['1h', 60 * MINUTE],
    ['6h', 360 * MINUTE],
    ['3d', 4320 * MINUTE],
  ];
  return {
    name: 'checkout-p95',
    metric: 'checkout.latency',
    tier: 'p0_page',
    target: { percentile: 0.95, thresholdMs: 300, window: '1m', windowMs: MINUTE },
    sli: { samples: 100, measuredValueMs: 250, goodFraction: 0.97 },
    errorBudget: { allowedBadFraction: 0.05, burnRate: 0.6, remaining: 0.4, exhausted: false },
    burnRates: rates.map((burnRate, i) => ({
      window: windows[i][0],
      windowMs: windows[i][1],
      burnRate,
      level: burnLevel(burnRate),
    })),
    thresholds: [
      {
        factor: 14.4,
        severity: 'page',
        longWindow: '1h',
        shortWindow: '5m',
        longBurnRate: 16,
        shortBurnRate: 4,
        firing: false,
      },
      {
        factor: 6,
        severity: 'page',
        longWindow: '6h',
        shortWindow: '30m',
        longBurnRate: null,
        shortBurnRate: 8,
        firing: true,
      },
      {
        factor: 1,
        severity: 'ticket',
        longWindow: '3d',
        shortWindow: '6h',
        longBurnRate: 0,
        shortBurnRate: null,
        firing: false,
      },
    ],
    noData: false,
    ...overrides,
  };
}

/** The attributes of every `<rect class="bar">` in an SVG string. */
function bars(svg: string): Array<Record<string, string>> {
  return [...svg.matchAll(/<rect class="bar"([^>]*)\/>/g)].map((m) =>
    Object.fromEntries([...m[1].matchAll(/([\w-]+)="([^"]*)"/g)].map((a) => [a[1], a[2]])),
  );
}

describe('the SLO chart (server-rendered SVG)', () => {
  it('scales the burn-rate bars to a 1-2-5 ceiling and colours them by alert level', () => {
    const layout = layoutSloChart(entry([0.5, 4, 8, 16, null, 0]));
    expect(layout.yMax).toBe(20);
    // plot 72..624 wide (552), six slots of 92, bars half a slot wide and centred; 114 high
    expect(layout.bars.map((b) => [b.window, b.x, b.width, b.y, b.height, b.level])).toEqual([
      ['1m', 95, 46, 261.15, 2.85, 'ok'],
      ['5m', 187, 46, 241.2, 22.8, 'ticket'],
      ['30m', 279, 46, 218.4, 45.6, 'page'],
      ['1h', 371, 46, 172.8, 91.2, 'fast-page'],
      ['6h', 463, 46, 150, 114, 'fast-page'], // infinite burn: the full height
      ['3d', 555, 46, 264, 0, 'ok'],
    ]);
    expect(layout.bars.map((b) => b.colour)).toEqual([
      BURN_COLOURS.ok,
      BURN_COLOURS.ticket,
      BURN_COLOURS.page,
      BURN_COLOURS['fast-page'],
      BURN_COLOURS['fast-page'],
      BURN_COLOURS.ok,
    ]);
    expect(layout.bars.map((b) => b.label)).toEqual([
      '0.50×',
      '4.00×',
      '8.00×',
      '16.00×',
      '∞',
      '0.00×',
    ]);
    expect(layout.thresholds).toEqual([
      { factor: 14.4, y: 181.92, colour: BURN_COLOURS['fast-page'], label: '14.4× page' },
      { factor: 6, y: 229.8, colour: BURN_COLOURS.page, label: '6× page' },
      { factor: 1, y: 258.3, colour: BURN_COLOURS.ticket, label: '1× ticket' },
    ]);

    const svg = renderSloChart(entry([0.5, 4, 8, 16, null, 0]), 'c0');
    expect(bars(svg)[1]).toEqual({
      'data-window': '5m',
      'data-level': 'ticket',
      x: '187',
      y: '241.2',
      width: '46',
      height: '22.8',
      fill: BURN_COLOURS.ticket,
    });
    expect(svg).toContain('<line class="threshold" data-factor="14.4" x1="72" y1="181.92"');
    expect(svg).toContain('>16.00×</text>');
    expect(svg).toContain('<text class="y-max" x="64" y="154"');
  });

  it('leaves out the alert lines above a small scale', () => {
    const layout = layoutSloChart(entry([0.5, 1.5, 0.2, 0.1, 0, 0]));
    expect(layout.yMax).toBe(2);
    expect(layout.thresholds.map((t) => t.factor)).toEqual([1]);
    expect(layout.thresholds[0].y).toBe(207);
    expect(layout.bars[1]).toMatchObject({ y: 178.5, height: 85.5, level: 'ticket' });
  });

  it('picks 1, 2 or 5 times a power of ten, at least 2', () => {
    expect([0, 1, 2, 2.1, 4, 5.5, 16, 20, 120, 1000].map(niceCeiling)).toEqual([
      2, 2, 2, 5, 5, 10, 20, 20, 200, 1000,
    ]);
  });

  it('is an accessible image: role, title and desc that carry every number', () => {
    const svg = renderSloChart(entry([0.5, 4, 8, 16, null, 0]), 'slo-chart-3');
    expect(svg).toMatch(
      /^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" class="slo-chart" role="img" width="640" height="300"/,
    );
    expect(svg).toContain(
      'aria-labelledby="slo-chart-3-title" aria-describedby="slo-chart-3-desc"',
    );
    expect(svg).toContain(
      '<title id="slo-chart-3-title">SLO checkout-p95: error budget and burn rate</title>',
    );
    const desc = describeSloChart(entry([0.5, 4, 8, 16, null, 0]));
    expect(desc).toBe(
      'SLI p95: 250 ms (target ≤ 300 ms over 1m). 97 % of 100 samples good; objective 95 %. ' +
        'Error budget left: 40 %. Burn rate by window: 1m 0.50× (ok), 5m 4.00× (ticket), ' +
        '30m 8.00× (page), 1h 16.00× (fast page), 6h ∞ (fast page), 3d 0.00× (ok). ' +
        'Alerts: 14.4× page over 1h and 5m not firing; 6× page over 6h and 30m firing; ' +
        '1× ticket over 3d and 6h not firing.',
    );
    expect(svg).toContain(`<desc id="slo-chart-3-desc">${desc}</desc>`);
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('escapes every text and attribute it prints, and keeps ids to safe characters', () => {
    const hostile = `<script>alert("x")</script> & 'co'`;
    const svg = renderSloChart(
      entry([1, 1, 1, 1, 1, 1], { name: hostile, description: hostile }),
      'id" onload="x',
    );
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('onload="');
    expect(svg).toContain(
      'aria-labelledby="id--onload--x-title" aria-describedby="id--onload--x-desc"',
    );
    const escaped = '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;';
    expect(svg).toContain(`data-slo="${escaped}"`);
    expect(svg).toContain(`font-weight="600" fill="#1d2330">${escaped}</text>`);
    expect(svg).toContain(`<title id="id--onload--x-title">SLO ${escaped}: error budget`);
    // the only elements are the chart's own
    const tags = new Set([...svg.matchAll(/<([a-z]+)[\s>/]/g)].map((m) => m[1]));
    expect([...tags].sort()).toEqual(['desc', 'line', 'rect', 'svg', 'text', 'title']);
  });

  it('shows "no data yet" and no bars before the first sample', () => {
    const empty = entry([0, 0, 0, 0, 0, 0], {
      noData: true,
      sli: { samples: 0, measuredValueMs: null, goodFraction: null },
      errorBudget: { allowedBadFraction: 0.05, burnRate: 0, remaining: 1, exhausted: false },
    });
    const svg = renderSloChart(empty, 'e');
    expect(bars(svg)).toEqual([]);
    expect(svg).toContain('<text class="empty" x="348" y="207"');
    expect(svg).toContain('>no data yet</text>');
    expect(svg).toContain('SLI p95: no data yet (target ≤ 300 ms over 1m)');
    expect(svg).toContain('Error budget left: 100 %');
    expect(svg).toContain(`<rect class="budget-fill" x="16" y="96" width="608"`);
    // the windows are still named on the axis
    expect([...svg.matchAll(/<text class="window"[^>]*>([^<]*)</g)].map((m) => m[1])).toEqual([
      '1m',
      '5m',
      '30m',
      '1h',
      '6h',
      '3d',
    ]);
    expect(describeSloChart(empty)).toContain('Burn rate: no data yet.');
  });

  it('marks an exhausted budget: empty red-framed track and the words "budget exhausted"', () => {
    const exhausted = entry([4, 4, 4, 4, 4, 4], {
      errorBudget: { allowedBadFraction: 0.05, burnRate: 4, remaining: 0, exhausted: true },
    });
    const layout = layoutSloChart(exhausted);
    expect(layout.budget).toEqual({
      fillWidth: 0,
      colour: BURN_COLOURS['fast-page'],
      label: 'Error budget left: 0 % (budget exhausted)',
    });
    const svg = renderSloChart(exhausted, 'x');
    expect(svg).toContain('data-budget-exhausted="true"');
    expect(svg).toContain(`fill="#fde8e8" stroke="${BURN_COLOURS['fast-page']}"`);
    expect(svg).toContain('>Error budget left: 0 % (budget exhausted)</text>');

    const half = layoutSloChart(
      entry([0.5, 0.5, 0.5, 0.5, 0.5, 0.5], {
        errorBudget: { allowedBadFraction: 0.05, burnRate: 0.5, remaining: 0.5, exhausted: false },
      }),
    );
    expect(half.budget).toEqual({
      fillWidth: 304,
      colour: BURN_COLOURS.ok,
      label: 'Error budget left: 50 %',
    });
  });
});

describe('the SLO report from the engine', () => {
  it("reports the SLI, the budget and each window's burn rate from the monitor's samples", () => {
    let now = Date.UTC(2026, 0, 1, 12);
    const monitor = new SLOMonitor({ now: () => now });
    monitor.register({
      name: 'api-p95',
      metric: 'api.latency',
      percentile: 0.95,
      thresholdMs: 300,
      windowMs: 5 * MINUTE,
      tier: SLOTier.P0_PAGE,
    });
    const end = now;
    const record = (at: number, valueMs: number, count: number) => {
      now = at;
      for (let i = 0; i < count; i++) monitor.recordSample('api.latency', valueMs);
    };
    record(end - 120 * MINUTE, 900, 30); // only in 6h and 3d
    record(end - 20 * MINUTE, 100, 60); // in 30m and longer
    record(end - 20 * MINUTE, 900, 20);
    record(end, 100, 39); // in every window
    record(end, 900, 1);

    const report = buildSloReport(monitor, new Date(end));
    expect(report.generatedAt).toBe('2026-01-01T12:00:00.000Z');
    expect(report.maxSamplesPerMetric).toBe(10_000);
    const [api] = report.slos;
    expect(api.sli).toEqual({ samples: 40, measuredValueMs: 100, goodFraction: 0.975 });
    expect(api.target).toEqual({
      percentile: 0.95,
      thresholdMs: 300,
      window: '5m',
      windowMs: 300_000,
    });
    expect(api.errorBudget.burnRate).toBeCloseTo(0.5);
    expect(api.errorBudget.remaining).toBeCloseTo(0.5);
    expect(api.errorBudget.exhausted).toBe(false);
    expect(api.burnRates.map((b) => b.window)).toEqual(['5m', '30m', '1h', '6h', '3d']);
    // 1/40 ÷ 5 %; 21/120 ÷ 5 %; 51/150 ÷ 5 %
    const expected = [0.5, 3.5, 3.5, 6.8, 6.8];
    api.burnRates.forEach((b, i) => expect(b.burnRate).toBeCloseTo(expected[i]));
    expect(api.burnRates.map((b) => b.level)).toEqual(['ok', 'ticket', 'ticket', 'page', 'page']);
    expect(api.thresholds.map((t) => [t.factor, t.firing])).toEqual([
      [14.4, false],
      [6, false],
      [1, true],
    ]);
    expect(api.noData).toBe(false);

    const svg = renderSloChart(api, 'api');
    expect(bars(svg).map((b) => b['data-level'])).toEqual([
      'ok',
      'ticket',
      'ticket',
      'page',
      'page',
    ]);
    expect(svg).toContain('SLI p95: 100 ms (target ≤ 300 ms over 5m)');
    expect(svg).toContain('97.5 % of 40 samples good; objective 95 %');
    expect(svg).toContain('Error budget left: 50 %');
  });

  it('reports an SLO without samples as no data, its budget whole', () => {
    const monitor = new SLOMonitor();
    monitor.register({
      name: 'idle',
      metric: 'idle.latency',
      percentile: 0.99,
      thresholdMs: 50,
      windowMs: MINUTE,
    });
    const [idle] = buildSloReport(monitor).slos;
    expect(idle).toMatchObject({
      noData: true,
      sli: { samples: 0, measuredValueMs: null, goodFraction: null },
      errorBudget: { burnRate: 0, remaining: 1, exhausted: false },
    });
    expect(idle.burnRates.map((b) => b.window)).toEqual(['1m', '5m', '30m', '1h', '6h', '3d']);
  });

  it('turns an infinite burn (p100 objective with a bad sample) into null, drawn as ∞', () => {
    const monitor = new SLOMonitor();
    monitor.register({
      name: 'all',
      metric: 'all.latency',
      percentile: 1,
      thresholdMs: 50,
      windowMs: MINUTE,
    });
    monitor.recordSample('all.latency', 80);
    const [all] = buildSloReport(monitor).slos;
    expect(all.errorBudget).toMatchObject({ burnRate: null, remaining: 0, exhausted: true });
    expect(all.burnRates.every((b) => b.burnRate === null && b.level === 'fast-page')).toBe(true);
    expect(JSON.parse(JSON.stringify(all)).burnRates[0].burnRate).toBeNull();
    expect(renderSloChart(all, 'all')).toContain('>∞</text>');
  });
});
