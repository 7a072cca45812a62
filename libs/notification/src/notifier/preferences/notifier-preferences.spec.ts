import { HeraldConfigError, MAILER, METRICS_COLLECTOR, type MetricLabels } from '@herald/contracts';
import { Injectable, type Type } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { Test, type TestingModule } from '@nestjs/testing';
import { NoopMetricsCollector, ObservabilityModule } from '@herald/observability';
import { DELIVERY_STORE } from '../../delivery/delivery.constants.js';
import type { DeliveryStore } from '../../delivery/stores/delivery-store.protocol.js';
import { InboxModule } from '../../inbox/inbox.module.js';
import { MailerModule } from '../../mailer/mailer.module.js';
import { NotificationModule } from '../../notification.module.js';
import type { InMemoryMailer } from '../../memory/in-memory-mailer.js';
import { OrderShipped, type TestUser } from '../__fixtures__/test-notifications.js';
import { NotificationPreferenceError } from '../errors/notification-preference.error.js';
import { GateDecisions } from '../gates/gate-decisions.js';
import type { GateContext, NotificationGate } from '../gates/notification-gate.interface.js';
import { NOTIFIER_METRICS } from '../notifier.metrics.js';
import { NOTIFICATION_PREFERENCE_STORE } from '../notifier.constants.js';
import { NotifierModule } from '../notifier.module.js';
import type { NotifierModuleOptions } from '../notifier-options.interface.js';
import { NotifierService } from '../notifier.service.js';
import { Notification } from '../notification.js';
import { Mailable } from '../../mailer/mailable.js';
import { MemoryNotificationPreferenceStore } from './memory-notification-preference.store.js';
import { NotificationPreferencesService } from './notification-preferences.service.js';
import { PreferenceGate } from './preference.gate.js';

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

class SecurityAlert extends OrderShipped {
  override readonly category = 'orders';
  override readonly critical = true;
}

class WeeklyDigest extends Notification<TestUser> {
  override readonly category = 'digest';
  override readonly defaultPreferences = { mail: false, sms: false };
  via() {
    return ['sms', 'mail', 'inbox'];
  }
  toSms() {
    return 'Your week';
  }
  toMail() {
    return new Mailable().subject('Your week').text('Seven days of news');
  }
  toInbox() {
    return { title: 'Your week', body: 'Seven days of news' };
  }
}

async function app(options: NotifierModuleOptions = {}, gates: Type<NotificationGate>[] = []) {
  const metrics = new CountingCollector();
  const module = await Test.createTestingModule({
    imports: [
      ObservabilityModule,
      EventEmitterModule.forRoot(),
      NotificationModule.stub(),
      MailerModule.stub(),
      InboxModule.forRoot({ config: { storeBackend: 'memory' } }),
      NotifierModule.forRoot(options, { gates }),
    ],
  })
    .overrideProvider(METRICS_COLLECTOR)
    .useValue(metrics)
    .compile();
  await module.init();
  return { module, metrics };
}

const user = (id: string): TestUser => ({
  id,
  email: `${id}@example.com`,
  phone: '+15550001111',
});

const byChannel = (deliveries: Array<{ channel: string; status: string; reason?: string }>) =>
  Object.fromEntries(deliveries.map((d) => [d.channel, [d.status, d.reason]]));

describe('NotifierModule with preferences (memory)', () => {
  let module: TestingModule;
  let metrics: CountingCollector;
  let notifier: NotifierService;
  let prefs: NotificationPreferencesService;

  beforeAll(async () => {
    ({ module, metrics } = await app());
    notifier = module.get(NotifierService);
    prefs = module.get(NotificationPreferencesService);
  });
  afterAll(() => module.close());

  it('records a send to a channel the user turned off as suppressed, with the reason, and counts it', async () => {
    await prefs.set({ userId: 'ann', category: 'orders', channel: 'mail', enabled: false });
    const mailer = module.get<InMemoryMailer>(MAILER);
    const result = await notifier.notify([user('ann'), user('bob')], new OrderShipped('P-1'));
    const ann = byChannel(result.deliveries.filter((d) => d.recipientId === 'ann'));
    const reason = 'preference: the user turned mail off for category "orders"';
    expect(ann.mail).toEqual(['suppressed', reason]);
    expect(ann.sms).toEqual(['sent', undefined]);
    expect(ann.inbox).toEqual(['sent', undefined]);
    expect(byChannel(result.deliveries.filter((d) => d.recipientId === 'bob')).mail).toEqual([
      'sent',
      undefined,
    ]);
    expect(mailer.sentTo('bob@example.com')).toHaveLength(1);
    expect(mailer.sentTo('ann@example.com')).toEqual([]);
    const record = await module
      .get<DeliveryStore>(DELIVERY_STORE)
      .get(
        result.deliveries.find((d) => d.recipientId === 'ann' && d.channel === 'mail')!.deliveryId,
      );
    expect(record).toMatchObject({ status: 'suppressed', lastError: reason });
    expect(
      metrics.count(NOTIFIER_METRICS.deliveries, {
        type: 'OrderShipped',
        channel: 'mail',
        outcome: 'suppressed',
      }),
    ).toBe(1);
  });

  it('sends again once the choice is unset or turned back on', async () => {
    await prefs.set({ userId: 'cid', category: 'orders', channel: 'sms', enabled: false });
    let result = await notifier.notify(user('cid'), new OrderShipped('P-2'));
    expect(byChannel(result.deliveries).sms[0]).toBe('suppressed');
    await prefs.unset('cid', 'orders', 'sms');
    result = await notifier.notify(user('cid'), new OrderShipped('P-3'));
    expect(byChannel(result.deliveries).sms[0]).toBe('sent');
  });

  it('sends critical notifications whatever the user chose', async () => {
    await prefs.set({ userId: 'dee', category: 'orders', channel: 'mail', enabled: false });
    const result = await notifier.notify(user('dee'), new SecurityAlert('P-4'));
    expect(byChannel(result.deliveries).mail).toEqual(['sent', undefined]);
  });

  it("keeps a class's default-off channels off until the user turns them on", async () => {
    await prefs.set({ userId: 'eve', category: 'digest', channel: 'mail', enabled: true });
    const result = await notifier.notify([user('eve'), user('fay')], new WeeklyDigest());
    const eve = byChannel(result.deliveries.filter((d) => d.recipientId === 'eve'));
    const fay = byChannel(result.deliveries.filter((d) => d.recipientId === 'fay'));
    expect([eve.mail[0], eve.sms[0], eve.inbox[0]]).toEqual(['sent', 'suppressed', 'sent']);
    expect([fay.mail[0], fay.sms[0], fay.inbox[0]]).toEqual(['suppressed', 'suppressed', 'sent']);
    expect(fay.mail[1]).toBe(
      'preference: mail is off by default for category "digest" (WeeklyDigest) and the user has not turned it on',
    );
  });

  it('exports the service and the store; refuses unknown channels', async () => {
    expect(module.get(NOTIFICATION_PREFERENCE_STORE)).toBeInstanceOf(
      MemoryNotificationPreferenceStore,
    );
    await expect(
      prefs.set({ userId: 'ann', category: 'orders', channel: 'fax', enabled: false }),
    ).rejects.toThrow(NotificationPreferenceError);
    await expect(
      prefs.set({ userId: 'ann', category: 'orders', channel: 'fax', enabled: false }),
    ).rejects.toThrow('channel must be one of sms, push, mail, chat, inbox, webhook (got "fax")');
  });
});

describe('NotifierModule option preferences', () => {
  it('false: no preference gate, the service is still there', async () => {
    const { module } = await app({ preferences: false });
    await module
      .get(NotificationPreferencesService)
      .set({ userId: 'gus', category: 'orders', channel: 'mail', enabled: false });
    const result = await module.get(NotifierService).notify(user('gus'), new OrderShipped());
    expect(byChannel(result.deliveries).mail[0]).toBe('sent');
    await module.close();
  });

  it('false, with PreferenceGate listed among the gates: it runs where it is listed', async () => {
    const seen: string[] = [];
    @Injectable()
    class FirstGate implements NotificationGate {
      readonly name = 'first';
      check(ctx: GateContext) {
        seen.push(ctx.channel);
        return GateDecisions.allow();
      }
    }
    const { module } = await app({ preferences: false }, [FirstGate, PreferenceGate]);
    await module
      .get(NotificationPreferencesService)
      .set({ userId: 'hal', category: 'orders', channel: 'sms', enabled: false });
    const result = await module.get(NotifierService).notify(user('hal'), new OrderShipped());
    expect(byChannel(result.deliveries).sms[0]).toBe('suppressed');
    expect(seen.sort()).toEqual(['inbox', 'mail', 'push', 'sms']);
    await module.close();
  });

  it('refuses a value that is not a boolean at bootstrap', async () => {
    const error = await app({ preferences: 'yes' as never }).catch((e) => e);
    expect(error).toBeInstanceOf(HeraldConfigError);
    expect((error as Error).message).toContain('preferences: must be true or false (got "yes")');
  });
});
