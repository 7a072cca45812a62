import { Injectable } from '@nestjs/common';
import {
  HeraldConfigError,
  METRICS_COLLECTOR,
  SMS_CHANNEL,
  type MetricLabels,
} from '@herald/contracts';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { Test } from '@nestjs/testing';
import { NoopMetricsCollector, ObservabilityModule } from '@herald/observability';
import { NotificationModule } from '../notification.module.js';
import { NotifierModule } from './notifier.module.js';
import type { InMemorySmsChannel } from '../memory/in-memory-sms-channel.js';
import { DELIVERY_STORE } from '../delivery/delivery.constants.js';
import type { DeliveryStore } from '../delivery/stores/delivery-store.protocol.js';
import { DeliveryError } from '../errors/delivery.error.js';
import { Configurable } from './__fixtures__/test-notifications.js';
import { notifierTestApp } from './__fixtures__/notifier-test-app.js';
import type { ChannelSendContext, NotifierChannel } from './channels/notifier-channel.interface.js';
import { NotifierConfigError } from './errors/notifier-config.error.js';
import { GateDecisions } from './gates/gate-decisions.js';
import type {
  DigestEntry,
  GateContext,
  NotificationDigester,
  NotificationGate,
} from './gates/notification-gate.interface.js';
import { Notification } from './notification.js';
import { NOTIFIER_METRICS } from './notifier.metrics.js';
import { NotifierService } from './notifier.service.js';
import type { RecipientProfile } from './recipients/recipient.interface.js';

/** Keeps every counter increment (the rest is the no-op collector). */
class CountingCollector extends NoopMetricsCollector {
  readonly counts = new Map<string, number>();
  override increment(name: string, value = 1, tags: MetricLabels = {}): void {
    const key = `${name}${JSON.stringify(tags)}`;
    this.counts.set(key, (this.counts.get(key) ?? 0) + value);
  }
  count(name: string, tags: MetricLabels): number {
    return this.counts.get(`${name}${JSON.stringify(tags)}`) ?? 0;
  }
}

@Injectable()
class SlackChannel implements NotifierChannel<{ text: string }> {
  readonly name = 'slack';
  readonly sent: Array<{
    recipient: RecipientProfile;
    rendered: { text: string };
    ctx: ChannelSendContext;
  }> = [];
  failNext?: DeliveryError;
  addressOf(recipient: RecipientProfile) {
    return recipient.routes?.slack;
  }
  async send(recipient: RecipientProfile, rendered: { text: string }, ctx: ChannelSendContext) {
    const failure = this.failNext;
    this.failNext = undefined;
    if (failure) throw failure;
    this.sent.push({ recipient, rendered, ctx });
    return { messageId: `slack-${this.sent.length}` };
  }
}

@Injectable()
class WebHookChannel implements NotifierChannel {
  readonly name = 'web-hook';
  readonly sent: unknown[] = [];
  async send(_r: RecipientProfile, rendered: unknown) {
    this.sent.push(rendered);
  }
}

class Incident extends Notification {
  override readonly type = 'ops.incident';
  override readonly category = 'ops';
  override readonly critical = true;
  via() {
    return ['slack', 'web-hook', 'inbox'];
  }
  toSlack() {
    return { text: 'disk full' };
  }
  toChannel(channel: string) {
    return { via: channel, severity: 'high' };
  }
  toInbox() {
    return { title: 'Incident', body: 'disk full' };
  }
}

/** Suppresses users named "mute-*", throttles "busy-*", digests "digest-*", defers "later-*". */
@Injectable()
class PolicyGate implements NotificationGate {
  readonly name = 'policy';
  readonly seen: GateContext[] = [];
  checkMany(contexts: readonly GateContext[]) {
    this.seen.push(...contexts);
    return contexts.map(({ recipient: { id = '' }, notification }) =>
      id.startsWith('mute-') && !notification.critical
        ? GateDecisions.suppress('opted out of sms')
        : id.startsWith('busy-')
          ? GateDecisions.suppress('3 per hour', 'throttled')
          : id.startsWith('digest-')
            ? GateDecisions.digest(`daily:${id}`)
            : id.startsWith('later-')
              ? GateDecisions.defer(Date.now() + 60_000)
              : GateDecisions.allow(),
    );
  }
}

@Injectable()
class ListDigester implements NotificationDigester {
  readonly entries: DigestEntry[] = [];
  async add(entries: readonly DigestEntry[]) {
    this.entries.push(...entries);
  }
}

describe('NotifierModule extensions: custom channels, gates, digests, metrics', () => {
  it('sends custom channels through reliable delivery, rendered by to<Name>() or toChannel()', async () => {
    const app = await notifierTestApp({}, { channels: [SlackChannel, WebHookChannel] });
    const notifier = app.get(NotifierService);
    const result = await notifier.notify(
      { id: 'oncall', routes: { slack: '#ops', 'web-hook': 'https://hooks.example.com/x' } },
      new Incident(),
    );
    const slack = app.get(SlackChannel);
    expect(slack.sent).toHaveLength(1);
    expect(slack.sent[0]).toMatchObject({
      recipient: { id: 'oncall' },
      rendered: { text: 'disk full' },
      ctx: {
        notificationId: result.notificationId,
        notificationType: 'ops.incident',
        category: 'ops',
        address: '#ops',
      },
    });
    expect(slack.sent[0].ctx.idempotencyKey).toContain(result.notificationId);
    expect(app.get(WebHookChannel).sent).toEqual([{ via: 'web-hook', severity: 'high' }]);
    const store = app.get<DeliveryStore>(DELIVERY_STORE);
    const slackRecord = await store.get(slack.sent[0].ctx.deliveryId);
    expect(slackRecord).toMatchObject({
      channel: 'slack',
      status: 'sent',
      providerMessageId: 'slack-1',
      recipient: '#ops',
    });
    // without a route, slack's addressOf() finds nothing: skipped
    const noRoute = await notifier.notify({ id: 'nobody' }, new Incident());
    expect(noRoute.deliveries.find((d) => d.channel === 'slack')).toMatchObject({
      status: 'skipped',
      reason: 'no address for channel "slack" for user "nobody"',
    });
    // a permanent failure is recorded, not thrown
    slack.failNext = new DeliveryError('channel_not_found', { reason: 'bad_request' });
    const failed = await notifier.notify({ id: 'x', routes: { slack: '#gone' } }, new Incident());
    expect(failed.deliveries.find((d) => d.channel === 'slack')).toMatchObject({
      status: 'failed',
      reason: 'channel_not_found',
    });
    await app.close();
  });

  it('refuses bad custom channel names and push backend options at bootstrap', async () => {
    @Injectable()
    class Bad implements NotifierChannel {
      readonly name = 'SMS';
      async send() {}
    }
    const error = await notifierTestApp(
      { pushBackends: { fcm: 'nope' } },
      { channels: [Bad] },
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HeraldConfigError);
    expect((error as Error).message).toContain('channels[0].name');
    expect((error as Error).message).toContain('pushBackends.fcm: names no push backend');
  });

  it('records what the gates stop (suppressed, throttled, digested) and counts every outcome', async () => {
    const metrics = new CountingCollector();
    const real = await notifierTestAppWithMetrics(metrics);
    const notifier = real.get(NotifierService);
    real
      .get<InMemorySmsChannel>(SMS_CHANNEL)
      .failNext(new DeliveryError('unknown number', { reason: 'invalid_recipient' }));
    const result = await notifier.notify(
      [
        { id: 'ok-1', phone: '+15550000001' },
        { id: 'ok-2', phone: '+15550000006' },
        { id: 'mute-1', phone: '+15550000002' },
        { id: 'busy-1', phone: '+15550000003' },
        { id: 'digest-1', phone: '+15550000004' },
        { id: 'nophone' },
      ],
      new Configurable(['sms']),
    );
    const stopped = result.deliveries.filter((d) => !d.recipientId?.startsWith('ok-'));
    expect(stopped.map((d) => [d.recipientId, d.status, d.reason]).sort()).toEqual([
      ['busy-1', 'throttled', '3 per hour'],
      ['digest-1', 'digested', 'digest "daily:digest-1"'],
      ['mute-1', 'suppressed', 'opted out of sms'],
      ['nophone', 'skipped', 'no phone number for user "nophone"'],
    ]);
    const ok = result.deliveries.filter((d) => d.recipientId?.startsWith('ok-'));
    expect(ok.map((d) => d.status).sort()).toEqual(['failed', 'sent']);
    expect(ok.find((d) => d.status === 'failed')?.reason).toBe('unknown number');
    const gate = real.get(PolicyGate);
    expect(gate.seen.map((c) => c.recipient.id)).toEqual([
      'ok-1',
      'ok-2',
      'mute-1',
      'busy-1',
      'digest-1',
    ]);
    expect(gate.seen[0]).toMatchObject({
      channel: 'sms',
      address: '+15550000001',
      stage: 'notify',
      notification: { type: 'Configurable', category: 'general', critical: false },
    });
    expect(real.get(ListDigester).entries).toEqual([
      expect.objectContaining({ key: 'daily:digest-1', content: { body: 'hi' } }),
    ]);
    const d = NOTIFIER_METRICS.deliveries;
    const labels = (outcome: string) => ({ type: 'Configurable', channel: 'sms', outcome });
    expect(metrics.count(d, labels('sent'))).toBe(1);
    expect(metrics.count(d, labels('failed'))).toBe(1);
    expect(metrics.count(d, labels('suppressed'))).toBe(1);
    expect(metrics.count(d, labels('throttled'))).toBe(1);
    expect(metrics.count(d, labels('digested'))).toBe(1);
    expect(metrics.count(d, labels('skipped'))).toBe(1);
    expect(
      metrics.count(NOTIFIER_METRICS.notifications, { type: 'Configurable', category: 'general' }),
    ).toBe(1);
    // a deferral needs the queue: typed error before anything is written
    const deferred = await notifier
      .notify({ id: 'later-1', phone: '+15550000005' }, new Configurable(['sms']))
      .catch((e: unknown) => e);
    expect(deferred).toBeInstanceOf(NotifierConfigError);
    expect((deferred as Error).message).toContain('queue: bullmq');
    await real.close();
  });

  it('fails notify() when a gate digests and no digester is bound', async () => {
    const app = await notifierTestApp({}, { gates: [PolicyGate] });
    const error = await app
      .get(NotifierService)
      .notify({ id: 'digest-2', phone: '+15550000009' }, new Configurable(['sms']))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotifierConfigError);
    expect((error as Error).message).toContain('NotifierModule has no digester');
    await app.close();
  });
});

async function notifierTestAppWithMetrics(metrics: CountingCollector) {
  const app = await Test.createTestingModule({
    imports: [
      ObservabilityModule,
      EventEmitterModule.forRoot(),
      NotificationModule.stub(),
      NotifierModule.forRoot({}, { gates: [PolicyGate], digester: ListDigester }),
    ],
  })
    .overrideProvider(METRICS_COLLECTOR)
    .useValue(metrics)
    .compile();
  await app.init();
  return app;
}
