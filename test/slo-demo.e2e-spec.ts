import type { INestApplication } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import request from 'supertest';
import { ALERT_DISPATCHER, ALERT_FIRED_EVENT, type AlertFiredEvent } from '@herald/contracts';
import { SLOMonitor } from '@herald/monitor';
import { CapturingAlertDispatcher } from '@herald/monitor/testing';
import { startDemoApp } from './helpers/demo-app.js';
import { bearer, loginAs } from './helpers/inbox-demo.js';

describe('the SLO demo', () => {
  describe('with a capturing dispatcher', () => {
    let app: INestApplication;
    const alerts = new CapturingAlertDispatcher();
    let token: string;

    beforeAll(async () => {
      ({ app } = await startDemoApp((b) => b.overrideProvider(ALERT_DISPATCHER).useValue(alerts)));
      token = await loginAs(app, 'carol');
    });
    afterAll(() => app.close());

    it('lists the demo SLOs and links them from the home page', async () => {
      const state = await request(app.getHttpServer()).get('/slos/state').expect(200);
      const names = state.body.slos.map((s: { name: string }) => s.name);
      expect(names).toEqual(expect.arrayContaining(['demo-checkout-p95', 'demo-search-p50']));
      expect(state.body.slos.find((s: any) => s.name === 'demo-checkout-p95')).toMatchObject({
        tier: 'p0_page',
        owner: 'demo-payments',
        sampleCount: 0,
        measuredValueMs: null,
        inViolation: false,
      });
      const home = await request(app.getHttpServer()).get('/').expect(200);
      expect(home.text).toContain('href="/slos"');
      const page = await request(app.getHttpServer()).get('/slos').expect(200);
      expect(page.text).toContain('demo-checkout-p95');
    });

    it('records samples, dispatches a violation once per suppression window, and shows it', async () => {
      const server = app.getHttpServer();
      const fast = await request(server)
        .post('/slos/samples')
        .set(bearer(token))
        .send({ metric: 'demo.checkout.latency', valueMs: 120, count: 100 })
        .expect(200);
      expect(fast.body).toEqual({ recorded: 100, violations: [] });

      const slow = await request(server)
        .post('/slos/samples')
        .set(bearer(token))
        .send({ metric: 'demo.checkout.latency', valueMs: 900, count: 20 })
        .expect(200);
      expect(slow.body.violations).toEqual([
        expect.objectContaining({ slo: 'demo-checkout-p95', measuredValueMs: 900, burnRate: 3 }),
      ]);
      expect(alerts.named('demo-checkout-p95')).toHaveLength(1);
      expect(alerts.alerts[0]).toMatchObject({
        severity: 'critical',
        context: {
          tier: 'p0_page',
          owner: 'demo-payments',
          runbookUrl: 'https://runbooks.example.com/demo-checkout',
          window: '5m',
        },
      });

      await request(server)
        .post('/slos/samples')
        .set(bearer(token))
        .send({ metric: 'demo.checkout.latency', valueMs: 950, count: 5 })
        .expect(200);
      expect(alerts.named('demo-checkout-p95')).toHaveLength(1); // suppressed

      const state = await request(server).get('/slos/state').expect(200);
      const checkout = state.body.slos.find((s: any) => s.name === 'demo-checkout-p95');
      expect(checkout).toMatchObject({ sampleCount: 125, inViolation: true });
      expect(checkout.lastAlertAt).not.toBeNull();
      // 25 of 125 samples over 300 ms = 20 % against 5 % allowed: burn 4x, only the 1x ticket fires
      expect(checkout.errorBudget.burnRate).toBeCloseTo(4);
      expect(checkout.errorBudget.firingAlerts).toEqual(['1x ticket']);
      const page = await request(server).get('/slos').expect(200);
      expect(page.text).toContain('VIOLATED');
      // the SLO gauges reach the scrape endpoint through METRICS_COLLECTOR
      const metrics = await request(server).get('/metrics').expect(200);
      expect(metrics.text).toContain('slo_in_violation{slo="demo-checkout-p95"} 1');
      // p95 of 100 × 120 ms, 20 × 900 ms, 5 × 950 ms: rank 119 is 900 ms
      expect(metrics.text).toContain('slo_measured_value_ms{slo="demo-checkout-p95"} 900');
      expect(metrics.text).toContain('slo_burn_rate{slo="demo-checkout-p95"} 3');
    });

    it('refuses unknown metrics and bad values', async () => {
      const server = app.getHttpServer();
      const res = await request(server)
        .post('/slos/samples')
        .set(bearer(token))
        .send({ metric: 'nope', valueMs: 1 })
        .expect(400);
      expect(res.body.message).toContain('(got "nope")');
      await request(server)
        .post('/slos/samples')
        .set(bearer(token))
        .send({ metric: 'demo.search.latency', valueMs: 'slow' })
        .expect(400);
    });
  });

  it('with the default logging dispatcher, emits ALERT_FIRED_EVENT on the app event bus', async () => {
    const { app } = await startDemoApp();
    try {
      const fired: AlertFiredEvent[] = [];
      app.get(EventEmitter2).on(ALERT_FIRED_EVENT, (event: AlertFiredEvent) => fired.push(event));
      const monitor = app.get(SLOMonitor);
      for (let i = 0; i < 10; i++) monitor.recordSample('demo.search.latency', 400);
      await monitor.evaluateAndDispatch();
      expect(fired).toEqual([{ alertName: 'demo-search-p50', severity: 'medium' }]);
    } finally {
      await app.close();
    }
  });
});
