import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { SLOMonitor } from '@herald/monitor';
import { escapeHtml } from '@herald/notification';
import { describeSloChart } from '../apps/demo/src/slo/slo-chart.svg.js';
import type { SloReport, SloReportEntry } from '../apps/demo/src/slo/slo-report.util.js';
import { startDemoApp } from './helpers/demo-app.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';

describe('the SLO budgets page (/admin/slos) and its JSON (/admin/slos/report)', () => {
  let app: INestApplication;
  let token: string;
  const http = () => request(app.getHttpServer());

  beforeAll(async () => {
    ({ app } = await startDemoApp());
    token = await loginAs(app, 'bob');
  });
  afterAll(() => app.close());

  const report = async (): Promise<SloReport> =>
    (await http().get('/admin/slos/report').set(bearer(token)).expect(200)).body;
  const slo = (r: SloReport, name: string): SloReportEntry => r.slos.find((s) => s.name === name)!;

  it('asks for a sign-in: JSON 401 for API clients, the sign-in page for browsers', async () => {
    const json = await http().get('/admin/slos').expect(401);
    expect(json.body).toMatchObject({ statusCode: 401, message: expect.stringMatching(/Sign in/) });
    const page = await http().get('/admin/slos').set('Accept', 'text/html').expect(401);
    expect(page.text).toContain('Sign in');
    const data = await http().get('/admin/slos/report').expect(401);
    expect(data.body.message).toMatch(/Sign in/);
  });

  it('shows "no data yet" for every SLO before the first sample, inside the admin layout', async () => {
    const r = await report();
    expect(r.slos.map((s) => s.name)).toEqual(['demo-checkout-p95', 'demo-search-p50']);
    for (const s of r.slos) {
      expect(s).toMatchObject({
        noData: true,
        sli: { samples: 0, measuredValueMs: null, goodFraction: null },
        errorBudget: { remaining: 1, exhausted: false },
      });
    }
    const page = await http()
      .get('/admin/slos')
      .set(bearer(token))
      .expect(200)
      .expect('content-type', /html/);
    expect(page.text).toContain('<title>SLO budgets · Herald demo</title>');
    expect(page.text).toMatch(/<a href="\/admin\/slos">SLO budgets<\/a>/);
    expect(page.text).toMatch(/<a href="\/slos">SLOs<\/a>/);
    expect(page.text).toContain('<span class="viewer">');
    expect(
      page.text.match(/<svg xmlns="http:\/\/www.w3.org\/2000\/svg" class="slo-chart"/g),
    ).toHaveLength(2);
    expect(page.text.match(/>no data yet<\/text>/g)).toHaveLength(2);
    expect(page.text).not.toContain('class="bar"');
    const prose = page.text.replace(/\s+/g, ' ');
    expect(prose).toContain(
      '14.4× over 1h and 5m (page), 6× over 6h and 30m (page), 1× over 3d and 6h (ticket)',
    );
    for (const legend of [
      'below 1× (within budget)',
      '1× or more (ticket)',
      '6× or more (page)',
      '14.4× or more (fast page)',
    ]) {
      expect(prose).toContain(legend);
    }
    expect(r.maxSamplesPerMetric).toBe(app.get(SLOMonitor).maxSamplesPerMetric);
    expect(page.text.replace(/\s+/g, ' ')).toContain(
      `keeps the last ${r.maxSamplesPerMetric} samples of each metric`,
    );
    const home = await http().get('/').expect(200);
    expect(home.text).toContain('href="/admin/slos"');
    const demo = await http().get('/slos').expect(200);
    expect(demo.text).toContain('<a href="/admin/slos">SLO budgets</a>');
  });

  it('draws the samples fed through /slos/samples, with the same numbers as the JSON', async () => {
    const feed = (metric: string, valueMs: number, count: number) =>
      http().post('/slos/samples').set(bearer(token)).send({ metric, valueMs, count }).expect(200);
    await feed('demo.checkout.latency', 120, 100);
    await feed('demo.checkout.latency', 900, 25);
    await feed('demo.search.latency', 50, 30);
    await feed('demo.search.latency', 400, 10);

    const r = await report();
    const checkout = slo(r, 'demo-checkout-p95');
    // 25 of 125 over 300 ms = 20 % against 5 % allowed, in every window
    expect(checkout.sli).toEqual({ samples: 125, measuredValueMs: 900, goodFraction: 0.8 });
    expect(checkout.errorBudget).toMatchObject({ remaining: 0, exhausted: true });
    expect(checkout.errorBudget.burnRate).toBeCloseTo(4);
    expect(checkout.burnRates.map((b) => b.window)).toEqual(['5m', '30m', '1h', '6h', '3d']);
    checkout.burnRates.forEach((b) => {
      expect(b.burnRate).toBeCloseTo(4);
      expect(b.level).toBe('ticket');
    });
    expect(checkout.thresholds.map((t) => [t.factor, t.firing])).toEqual([
      [14.4, false],
      [6, false],
      [1, true],
    ]);
    const search = slo(r, 'demo-search-p50');
    // 10 of 40 over 100 ms = 25 % against 50 % allowed: burn 0.5, half the budget left
    expect(search.sli).toEqual({ samples: 40, measuredValueMs: 50, goodFraction: 0.75 });
    expect(search.errorBudget).toMatchObject({ burnRate: 0.5, remaining: 0.5, exhausted: false });
    expect(search.burnRates.map((b) => [b.window, b.burnRate, b.level])).toEqual([
      ['1m', 0.5, 'ok'],
      ['5m', 0.5, 'ok'],
      ['30m', 0.5, 'ok'],
      ['1h', 0.5, 'ok'],
      ['6h', 0.5, 'ok'],
      ['3d', 0.5, 'ok'],
    ]);

    const page = (await http().get('/admin/slos').set(bearer(token)).expect(200)).text;
    // the chart's text alternative, built from the JSON entry, is on the page word for word
    for (const entry of [checkout, search]) {
      expect(page).toContain(escapeHtml(describeSloChart(entry)));
    }
    expect(page).toContain('data-slo="demo-checkout-p95" data-budget-exhausted="true"');
    expect(page).toContain('>Error budget left: 0 % (budget exhausted)</text>');
    expect(page).toContain('>Error budget left: 50 %</text>');
    expect(page).toContain('SLI p95: 900 ms (target ≤ 300 ms over 5m)');
    expect(page).toContain('SLI p50: 50 ms (target ≤ 100 ms over 1m)');
    expect(page.match(/<rect class="bar" data-window="[^"]+" data-level="ticket"/g)).toHaveLength(
      5,
    );
    expect(page.match(/<rect class="bar" data-window="[^"]+" data-level="ok"/g)).toHaveLength(6);
    expect(page.match(/>4\.00×<\/text>/g)).toHaveLength(5);
    expect(page.match(/>0\.50×<\/text>/g)).toHaveLength(6);
    expect(page).not.toContain('>no data yet</text>');
  });

  it('escapes what an SLO brings (name, description, metric, owner) on the page and in the chart', async () => {
    const hostile = '<img src=x onerror="alert(1)"> & \'co\'';
    app.get(SLOMonitor).register({
      name: `evil ${hostile}`,
      metric: `evil.metric ${hostile}`,
      description: `evil description ${hostile}`,
      owner: `evil owner ${hostile}`,
      percentile: 0.9,
      thresholdMs: 10,
      windowMs: 60_000,
    });
    const page = (await http().get('/admin/slos').set(bearer(token)).expect(200)).text;
    expect(page).not.toContain('<img');
    expect(page).not.toContain('onerror="');
    const escaped = escapeHtml(hostile);
    for (const field of ['evil', 'evil.metric', 'evil description', 'evil owner']) {
      expect(page).toContain(`${field} ${escaped}`);
    }
    expect(page).toContain(`data-slo="evil ${escaped}"`);
    expect(page).toContain(`<title id="slo-chart-2-title">SLO evil ${escaped}: error budget`);
    const r = await report();
    expect(r.slos.map((s) => s.name)).toContain(`evil ${hostile}`);
  });
});
