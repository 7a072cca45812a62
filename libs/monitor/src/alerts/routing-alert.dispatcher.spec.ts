import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ALERT_FIRED_EVENT } from '@herald/contracts';
import { CapturingAlertDispatcher } from '../testing/index.js';
import {
  AlertmanagerAlertDispatcher,
  toAlertmanagerAlert,
} from './alertmanager-alert.dispatcher.js';
import { buildAlertDispatcher } from './build-alert-dispatcher.util.js';
import { LoggingAlertDispatcher } from './logging-alert.dispatcher.js';
import { RoutingAlertDispatcher } from './routing-alert.dispatcher.js';

describe('RoutingAlertDispatcher', () => {
  it('sends each alert to the dispatchers of its tier, others to the fallback, and emits once', async () => {
    const pager = new CapturingAlertDispatcher();
    const tickets = new CapturingAlertDispatcher();
    const fallback = new CapturingAlertDispatcher();
    const events: unknown[] = [];
    const router = new RoutingAlertDispatcher({
      routes: { p0_page: [pager, tickets], p2_ticket: [tickets] },
      fallback: [fallback],
      emitter: { emit: (name, payload) => events.push([name, payload]) },
    });
    await router.sendAlert('db down', 'm', 'critical', { tier: 'p0_page' });
    await router.sendAlert('slow', 'm', 'medium', { tier: 'p2_ticket' });
    await router.sendAlert('other', 'm', 'low');
    await router.sendAlert('unknown tier', 'm', 'low', { tier: 'p9' });
    expect(pager.alerts.map((a) => a.title)).toEqual(['db down']);
    expect(tickets.alerts.map((a) => a.title)).toEqual(['db down', 'slow']);
    expect(fallback.alerts.map((a) => a.title)).toEqual(['other', 'unknown tier']);
    expect(events).toHaveLength(4);
    expect(events[0]).toEqual([ALERT_FIRED_EVENT, { alertName: 'db down', severity: 'critical' }]);
  });

  it('tries every target and reports the failing ones', async () => {
    const ok = new CapturingAlertDispatcher();
    const broken = new AlertmanagerAlertDispatcher({ url: 'http://127.0.0.1:1', timeoutMs: 500 });
    const router = new RoutingAlertDispatcher({ routes: {}, fallback: [broken, ok] });
    await expect(router.sendAlert('x', 'm', 'high')).rejects.toThrow(
      /failed on 1 of 2 dispatchers: AlertmanagerAlertDispatcher: Alertmanager at http:\/\/127\.0\.0\.1:1\/api\/v2\/alerts is unreachable/,
    );
    expect(ok.alerts).toHaveLength(1);
  });

  it('buildAlertDispatcher: logging without an Alertmanager URL, a tier router with one', () => {
    expect(buildAlertDispatcher(undefined)).toBeInstanceOf(LoggingAlertDispatcher);
    const router = buildAlertDispatcher({
      alertmanagerUrl: 'http://127.0.0.1:9093',
      alertRoutes: { P3_INFO: 'log', p0_page: 'alertmanager, log' },
    }) as RoutingAlertDispatcher;
    expect(router).toBeInstanceOf(RoutingAlertDispatcher);
    expect(router.targetsFor('p3_info').map((d) => d.constructor.name)).toEqual([
      'LoggingAlertDispatcher',
    ]);
    expect(router.targetsFor('p0_page').map((d) => d.constructor.name)).toEqual([
      'AlertmanagerAlertDispatcher',
      'LoggingAlertDispatcher',
    ]);
    expect(router.targetsFor('p1_business_hours')).toHaveLength(2);
  });
});

describe('AlertmanagerAlertDispatcher', () => {
  let server: Server;
  let url: string;
  const received: Array<{ method?: string; path?: string; body: unknown }> = [];
  let status = 200;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => {
        received.push({ method: req.method, path: req.url, body: JSON.parse(data || 'null') });
        res
          .writeHead(status, { 'content-type': 'application/json' })
          .end(status === 200 ? '' : '{"message":"bad alert"}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('posts one alert to /api/v2/alerts with labels and annotations', async () => {
    status = 200;
    await new AlertmanagerAlertDispatcher({ url, labels: { service: 'orders' } }).sendAlert(
      'SLO checkout violated',
      'p99 is 900 ms',
      'critical',
      {
        alertName: 'checkout',
        tier: 'p0_page',
        owner: 'payments',
        runbookUrl: 'https://runbooks/checkout',
      },
    );
    const last = received.at(-1)!;
    expect(last.method).toBe('POST');
    expect(last.path).toBe('/api/v2/alerts');
    const [alert] = last.body as Array<Record<string, any>>;
    expect(alert.labels).toEqual({
      service: 'orders',
      alertname: 'checkout',
      severity: 'critical',
      tier: 'p0_page',
      owner: 'payments',
    });
    expect(alert.annotations).toEqual({
      summary: 'SLO checkout violated',
      message: 'p99 is 900 ms',
      runbook_url: 'https://runbooks/checkout',
    });
    expect(Date.parse(alert.startsAt)).not.toBeNaN();
  });

  it('throws with the status and answer when Alertmanager refuses', async () => {
    status = 400;
    await expect(
      new AlertmanagerAlertDispatcher({ url }).sendAlert('x', 'm', 'low'),
    ).rejects.toThrow(/refused alert "x": HTTP 400 \{"message":"bad alert"\}/);
  });

  it('toAlertmanagerAlert leaves empty labels out', () => {
    const alert = toAlertmanagerAlert('t', 'm', 'low', { owner: '' }, { now: new Date(0) });
    expect(alert).toEqual({
      labels: { alertname: 't', severity: 'low' },
      annotations: { summary: 't', message: 'm' },
      startsAt: '1970-01-01T00:00:00.000Z',
    });
  });
});
