import { Test, type TestingModule } from '@nestjs/testing';
import {
  ALERT_DISPATCHER,
  HeraldConfigError,
  MonitorConfig,
  type AlertDispatcherProtocol,
} from '@herald/contracts';
import { MonitorModule, SLOMonitor, SLOTier } from '@herald/monitor';
import { FakePagerDutyServer } from '@herald/monitor/testing';
import { FakeSlackServer, FakeTeamsServer } from '@herald/notification/testing';

/**
 * Alerts to people: `slo.alert_routes` sends each tier to PagerDuty (Events
 * API v2), Slack and Teams webhooks; an SLO that recovers resolves its
 * PagerDuty incident (same dedup_key) and posts RESOLVED to chat.
 */
describe('alerts to Slack, Teams and PagerDuty, routed by tier', () => {
  let pagerduty: FakePagerDutyServer;
  let slack: FakeSlackServer;
  let teams: FakeTeamsServer;
  let app: TestingModule;
  let dispatcher: AlertDispatcherProtocol;

  beforeAll(async () => {
    [pagerduty, slack, teams] = await Promise.all([
      new FakePagerDutyServer().start(),
      new FakeSlackServer().start(),
      new FakeTeamsServer().start(),
    ]);
    app = await Test.createTestingModule({
      imports: [
        MonitorModule.forRoot({
          config: {
            backendType: 'memory',
            slo: {
              pagerduty_routing_key: pagerduty.routingKey,
              pagerduty_url: pagerduty.url,
              slack_webhook_url: slack.webhookUrl,
              teams_webhook_url: teams.webhookUrl,
              alert_routes: { p0_page: 'pagerduty,slack', p2_ticket: 'teams' },
            },
          },
        }),
      ],
    }).compile();
    await app.init();
    dispatcher = app.get(ALERT_DISPATCHER);
  });

  afterAll(async () => {
    await app?.close();
    await Promise.all([pagerduty?.stop(), slack?.stop(), teams?.stop()]);
  });

  function monitorWith(tier: SLOTier, name: string) {
    const monitor = new SLOMonitor({ alertDispatcher: dispatcher, suppressionWindowMs: 0 });
    monitor.register({
      name,
      metric: `${name}.latency`,
      percentile: 0.5,
      thresholdMs: 100,
      windowMs: 60_000,
      tier,
      owner: 'payments',
      runbookUrl: 'https://runbooks.example.com/checkout',
    });
    return monitor;
  }

  it('pages PagerDuty and Slack for p0, folds repeats into one incident, resolves it on recovery', async () => {
    const monitor = monitorWith(SLOTier.P0_PAGE, 'checkout');
    for (let i = 0; i < 5; i++) monitor.recordSample('checkout.latency', 400);
    await monitor.evaluateAndDispatch();
    await monitor.evaluateAndDispatch(); // still violated: a repeat, same incident

    expect(pagerduty.events.map((e) => e.event_action)).toEqual(['trigger', 'trigger']);
    const [trigger] = pagerduty.events;
    expect(trigger).toMatchObject({
      routing_key: pagerduty.routingKey,
      dedup_key: 'herald:checkout',
      payload: {
        summary: 'SLO checkout violated',
        source: 'herald',
        severity: 'critical',
        component: 'checkout.latency',
        group: 'p0_page',
        custom_details: expect.objectContaining({ owner: 'payments', tier: 'p0_page' }),
      },
      links: [{ href: 'https://runbooks.example.com/checkout', text: 'Runbook' }],
    });
    expect(pagerduty.incidents.get('herald:checkout')).toMatchObject({
      status: 'triggered',
      triggers: 2,
    });
    expect(slack.messages[0].payload.blocks[0]).toEqual({
      type: 'header',
      text: { type: 'plain_text', text: 'SLO checkout violated', emoji: false },
    });
    expect(teams.cards).toHaveLength(0);

    monitor.clearSamples('checkout.latency');
    for (let i = 0; i < 5; i++) monitor.recordSample('checkout.latency', 20);
    await monitor.evaluateAndDispatch();
    expect(pagerduty.events.at(-1)).toEqual({
      routing_key: pagerduty.routingKey,
      event_action: 'resolve',
      dedup_key: 'herald:checkout',
    });
    expect(pagerduty.incidents.get('herald:checkout')?.status).toBe('resolved');
    expect(slack.messages.at(-1)?.text).toMatch(
      /^RESOLVED: SLO checkout violated: SLO checkout recovered/,
    );

    await monitor.evaluateAndDispatch(); // recovered once: no second resolve
    expect(pagerduty.events.filter((e) => e.event_action === 'resolve')).toHaveLength(1);
  });

  it('sends p2 to Teams as an Adaptive Card, and nothing to PagerDuty', async () => {
    const before = pagerduty.events.length;
    const monitor = monitorWith(SLOTier.P2_TICKET, 'search');
    for (let i = 0; i < 5; i++) monitor.recordSample('search.latency', 300);
    await monitor.evaluateAndDispatch();
    expect(pagerduty.events).toHaveLength(before);
    const card = teams.cards.at(-1)!.card;
    expect(card.body[0]).toMatchObject({ text: 'SLO search violated', color: 'Warning' });
    expect(card.body[2].facts).toEqual(
      expect.arrayContaining([
        { title: 'Tier', value: 'p2_ticket' },
        { title: 'Owner', value: 'payments' },
      ]),
    );
    expect(card.actions).toEqual([
      { type: 'Action.OpenUrl', title: 'Open', url: 'https://runbooks.example.com/checkout' },
    ]);
  });

  it('a refused PagerDuty event fails the alert without showing the routing key', async () => {
    pagerduty.failNext(429);
    const error = await dispatcher
      .sendAlert('Queue backlog', 'too many jobs', 'critical', { tier: 'p0_page' })
      .catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain('PagerDuty Events API refused the alert: HTTP 429');
    expect((error as Error).message).not.toContain(pagerduty.routingKey);
  });

  it('names the missing setting of a routed dispatcher, and never shows the secrets', () => {
    const problems = (slo: Record<string, unknown>) => {
      try {
        new MonitorConfig({ slo }).validate('monitor');
        return '';
      } catch (error) {
        expect(error).toBeInstanceOf(HeraldConfigError);
        return (error as Error).message;
      }
    };
    expect(problems({ alert_routes: { p0_page: 'pagerduty' } })).toContain(
      'monitor.slo.alert_routes.p0_page: routes to pagerduty but pagerduty_routing_key is not set',
    );
    expect(problems({ alert_routes: { p0_page: 'slack,teams' } })).toContain(
      'routes to teams but teams_webhook_url is not set',
    );
    const text = problems({
      pagerduty_routing_key: 'short-S3CRET',
      slack_webhook_url: 'nope-S3CRET',
    });
    expect(text).toContain('monitor.slo.pagerduty_routing_key: must be the 32-character');
    expect(text).toContain('monitor.slo.slack_webhook_url');
    expect(text).not.toContain('S3CRET');
  });
});
