import { Injectable } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { ObservabilityModule } from '@herald/observability';
import { NotificationModule } from '../notification.module.js';
import { NotifierModule } from './notifier.module.js';
import { EventEmitter2 } from '@nestjs/event-emitter';
import {
  DEVICE_TOKEN_REMOVED_EVENT,
  HeraldConfigError,
  InjectNotifier,
  MAILER,
  NOTIFIER,
  PUSH_CHANNEL,
  SMS_CHANNEL,
} from '@herald/contracts';
import { DELIVERY_STORE } from '../delivery/delivery.constants.js';
import type { DeliveryStore } from '../delivery/stores/delivery-store.protocol.js';
import { InboxService } from '../inbox/inbox.service.js';
import type { InMemoryMailer } from '../memory/in-memory-mailer.js';
import type { InMemoryPushChannel } from '../memory/in-memory-push-channel.js';
import type { InMemorySmsChannel } from '../memory/in-memory-sms-channel.js';
import { Configurable, OrderShipped, type TestUser } from './__fixtures__/test-notifications.js';
import { notifierTestApp } from './__fixtures__/notifier-test-app.js';
import { DeviceTokenService } from './devices/device-token.service.js';
import { ChannelUnavailableError } from './errors/channel-unavailable.error.js';
import { MissingRenderMethodError } from './errors/missing-render-method.error.js';
import { NotifierConfigError } from './errors/notifier-config.error.js';
import { NotifyArgumentError } from './errors/notify-argument.error.js';
import { RecipientNotFoundError } from './errors/recipient-not-found.error.js';
import { UnknownChannelError } from './errors/unknown-channel.error.js';
import { Notification } from './notification.js';
import { NOTIFICATION_STORE } from './notifier.constants.js';
import { Notifier } from './notifier.facade.js';
import { NotifierService } from './notifier.service.js';
import type { RecipientLike } from './recipients/recipient.interface.js';
import type { RecipientResolver } from './recipients/recipient-resolver.interface.js';
import type { NotificationStore } from './records/notification-store.protocol.js';

const ada: TestUser = { id: 'u-ada', email: 'ada@example.com', phone: '+15551230001', name: 'Ada' };

describe('NotifierService (inline, in-memory channels)', () => {
  let app: TestingModule;
  let notifier: NotifierService;
  let records: DeliveryStore;
  let sms: InMemorySmsChannel;
  let push: InMemoryPushChannel;
  let mailer: InMemoryMailer;

  beforeAll(async () => {
    app = await notifierTestApp();
    notifier = app.get(NotifierService);
    records = app.get(DELIVERY_STORE);
    sms = app.get(SMS_CHANNEL);
    push = app.get(PUSH_CHANNEL);
    mailer = app.get(MAILER);
    await app
      .get(DeviceTokenService)
      .register({ userId: ada.id, token: 'tok-ada-1', platform: 'fcm' });
    await app
      .get(DeviceTokenService)
      .register({ userId: ada.id, token: 'tok-ada-2', platform: 'apns' });
  });
  afterAll(() => app.close());

  it('sends one notification over every channel of via(), each delivery a record linked to it', async () => {
    const result = await notifier.notify(ada, new OrderShipped('A-7'));
    expect(result).toMatchObject({ status: 'dispatched', duplicate: false });
    expect(result.notificationId).toMatch(/^ntf_[0-9a-f]{32}$/);
    expect(result.deliveries.map((d) => [d.channel, d.status]).sort()).toEqual([
      ['inbox', 'sent'],
      ['mail', 'sent'],
      ['push', 'sent'],
      ['push', 'sent'],
      ['sms', 'sent'],
    ]);
    expect(sms.sentTo('+15551230001').map((m) => m.body)).toContain('Order A-7 shipped');
    const mail = mailer.sent.find((m) => m.subject === 'Order A-7')!;
    expect(mail.to).toEqual([{ name: 'Ada', address: 'ada@example.com' }]);
    expect(mail.text).toBe('Hello Ada');
    expect(
      push.sent
        .filter((m) => m.body === 'Order A-7')
        .map((m) => m.token)
        .sort(),
    ).toEqual(['tok-ada-1', 'tok-ada-2']);
    const inbox = await app.get(InboxService).getInbox(ada.id);
    expect(inbox.notifications[0]).toMatchObject({
      title: 'Order shipped',
      category: 'orders',
      tags: ['orders'],
      severity: 'high',
      actions: [{ label: 'Track', url: '/orders/A-7' }],
    });

    const linked = await notifier.deliveries(result.notificationId);
    expect(linked).toHaveLength(5);
    expect(linked.every((r) => r.notificationId === result.notificationId)).toBe(true);
    expect(new Set(linked.map((r) => r.channel))).toEqual(
      new Set(['sms', 'mail', 'push', 'inbox']),
    );
    const report = await notifier.status(result.notificationId);
    expect(report?.notification).toMatchObject({
      type: 'OrderShipped',
      category: 'orders',
      critical: false,
      status: 'dispatched',
      recipients: 1,
      deliveries: 5,
    });
    expect(report?.deliveries).toMatchObject({ sent: 5, failed: 0 });
  });

  it('records a channel without an address as skipped, with the reason, and sends the others', async () => {
    const result = await notifier.notify(
      { id: 'u-nophone', email: 'np@example.com' },
      new OrderShipped(),
    );
    const skipped = result.deliveries.filter((d) => d.status === 'skipped');
    expect(skipped.map((d) => [d.channel, d.reason])).toEqual([
      ['sms', 'no phone number for user "u-nophone"'],
      ['push', 'no live device token for user "u-nophone"'],
    ]);
    const stored = await records.get(skipped[0].deliveryId);
    expect(stored).toMatchObject({ status: 'skipped', notificationId: result.notificationId });
    expect(
      result.deliveries
        .filter((d) => d.status === 'sent')
        .map((d) => d.channel)
        .sort(),
    ).toEqual(['inbox', 'mail']);
  });

  it('throws typed errors before storing anything: unknown channel, no render method, bad input', async () => {
    const store = app.get<NotificationStore>(NOTIFICATION_STORE);
    const before = (await store.list({ limit: 1000 })).length;
    const unknown = await notifier.notify(ada, new Configurable(['sms', 'fax'])).catch((e) => e);
    expect(unknown).toBeInstanceOf(UnknownChannelError);
    expect(unknown.message).toContain('"fax"');
    expect(unknown.message).toContain('known: sms, push, mail, chat, inbox');
    const norender = await notifier.notify(ada, new Configurable(['mail'])).catch((e) => e);
    expect(norender).toBeInstanceOf(MissingRenderMethodError);
    expect(norender.message).toContain('Configurable has no toMail(recipient)');
    await expect(notifier.notify([], new OrderShipped())).rejects.toBeInstanceOf(
      NotifyArgumentError,
    );
    await expect(notifier.notify(ada, {} as never)).rejects.toThrow(/must be a Notification/);
    await expect(notifier.notify([ada, 42 as never], new OrderShipped())).rejects.toThrow(
      /recipients\[1\] must be a user id.*got number/,
    );
    await expect(notifier.notify(ada, new OrderShipped(), { delayMs: -1 })).rejects.toThrow(
      /options.delayMs must be a finite number.*got -1/,
    );
    await expect(
      notifier.notify(ada, new OrderShipped(), { delayMs: 10, sendAt: new Date() }),
    ).rejects.toThrow(/delayMs or sendAt, not both/);
    await expect(
      notifier.notify(ada, new OrderShipped(), { sendAt: new Date('nope') }),
    ).rejects.toThrow(/options.sendAt must be a valid Date/);
    expect((await store.list({ limit: 1000 })).length).toBe(before);
  });

  it('describes any option value in its typed error, even one without toString (found by the fuzz)', async () => {
    const bare = Object.create(null) as object;
    const hostile = {
      toString() {
        throw new Error('no');
      },
    };
    for (const value of [bare, hostile, [bare], Symbol('s'), 10n]) {
      for (const options of [{ delayMs: value }, { sendAt: value }, { idempotencyKey: value }]) {
        const error = await notifier
          .notify(ada, new OrderShipped(), options as never)
          .catch((e: unknown) => e);
        expect(error).toBeInstanceOf(NotifyArgumentError);
      }
    }
    for (const options of [Symbol('s'), 10n])
      await expect(notifier.notify(ada, new OrderShipped(), options as never)).rejects.toThrow(
        /options must be an object/,
      );
    await expect(
      notifier.notify(ada, new OrderShipped(), { delayMs: bare } as never),
    ).rejects.toThrow(/options.delayMs must be a finite number of milliseconds.*\(got an object\)/);
  });

  it('refuses a type or category no store could keep: over 255 characters or with control characters (found by the fuzz)', async () => {
    const named = (field: 'type' | 'category', value: string) =>
      Object.defineProperty(new OrderShipped(), field, { value });
    for (const field of ['type', 'category'] as const) {
      for (const value of ['x'.repeat(256), 'a\u0000b', 'line\nbreak']) {
        await expect(notifier.notify(ada, named(field, value))).rejects.toThrow(
          new RegExp(`notification\\.${field} must be a string of 1 to 255 characters`),
        );
      }
    }
    await expect(notifier.notify(ada, named('type', 'x'.repeat(255)))).resolves.toBeDefined();
  });

  it('needs the queue to schedule: delayMs inline is a typed config error', async () => {
    const error = await notifier
      .notify(ada, new OrderShipped(), { delayMs: 60_000 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotifierConfigError);
    expect(error).toBeInstanceOf(HeraldConfigError);
    expect((error as Error).message).toContain('notification.delivery.queue');
    // delayMs 0 and a past sendAt dispatch now
    expect((await notifier.notify(ada, new Configurable(['inbox']), { delayMs: 0 })).status).toBe(
      'dispatched',
    );
    expect(
      (await notifier.notify(ada, new Configurable(['inbox']), { sendAt: Date.now() - 1000 }))
        .status,
    ).toBe('dispatched');
    expect(await notifier.cancel('ntf_unknown')).toBe(false);
  });

  it('makes a repeated idempotency key one notification: the second call answers the first id', async () => {
    const sent = sms.sent.length;
    const first = await notifier.notify(ada, new Configurable(['sms']), {
      idempotencyKey: 'otp:42',
    });
    const second = await notifier.notify(ada, new Configurable(['sms']), {
      idempotencyKey: 'otp:42',
    });
    expect(second).toMatchObject({
      notificationId: first.notificationId,
      duplicate: true,
      status: 'dispatched',
      deliveries: [],
    });
    expect(sms.sent.length).toBe(sent + 1);
    const [a, b] = await Promise.all([
      notifier.notify(ada, new Configurable(['sms']), { idempotencyKey: 'otp:43' }),
      notifier.notify(ada, new Configurable(['sms']), { idempotencyKey: 'otp:43' }),
    ]);
    expect(a.notificationId).toBe(b.notificationId);
    expect(sms.sent.length).toBe(sent + 2);
  });

  it('sends to on-demand recipients by their routes, and reads user ids through the resolver', async () => {
    const routed = await notifier.notify(
      Notifier.route('sms', '+15559990000').route('mail', 'ops@example.com'),
      new OrderShipped('R-1'),
    );
    expect(routed.deliveries.map((d) => [d.channel, d.status]).sort()).toEqual([
      ['inbox', 'skipped'],
      ['mail', 'sent'],
      ['push', 'skipped'],
      ['sms', 'sent'],
    ]);
    expect(sms.sentTo('+15559990000')).toHaveLength(1);
    expect(mailer.sent.at(-1)?.to).toEqual(['ops@example.com']);
    // the default resolver knows only the id: inbox and push reach the user, sms and mail are skipped
    const byId = await notifier.notify('u-ada', new OrderShipped('I-1'));
    expect(
      byId.deliveries
        .filter((d) => d.status === 'sent')
        .map((d) => d.channel)
        .sort(),
    ).toEqual(['inbox', 'push', 'push']);
  });

  it('retires a device token the provider declares dead, with an event', async () => {
    const events: unknown[] = [];
    app.get(EventEmitter2).on(DEVICE_TOKEN_REMOVED_EVENT, (e: unknown) => events.push(e));
    const tokens = app.get(DeviceTokenService);
    await tokens.register({ userId: 'u-dead', token: 'tok-gone', platform: 'fcm', app: 'android' });
    await tokens.register({ userId: 'u-dead', token: 'tok-live', platform: 'fcm' });
    push.markDead('tok-gone');
    const result = await notifier.notify('u-dead', new PushOnly());
    expect(result.deliveries.map((d) => d.status).sort()).toEqual(['failed', 'sent']);
    expect((await tokens.list('u-dead')).map((t) => t.token)).toEqual(['tok-live']);
    expect(events).toEqual([
      {
        token: 'tok-gone',
        userId: 'u-dead',
        platform: 'fcm',
        app: 'android',
        reason: 'Unregistered',
        cause: 'dead',
      },
    ]);
    expect((await tokens.store.get('tok-gone'))?.deadReason).toBe('Unregistered');
  });

  it('is bound under NOTIFIER and injected with @InjectNotifier()', async () => {
    expect(app.get(NOTIFIER)).toBe(notifier);
    @Injectable()
    class Uses {
      constructor(@InjectNotifier() readonly n: NotifierService) {}
    }
    const other = await notifierTestApp({}, {}, { providers: [Uses] });
    expect(other.get(Uses).n).toBe(other.get(NotifierService));
    await other.close();
  });
});

class PushOnly extends Notification {
  via() {
    return ['push'];
  }
  toPush() {
    return { title: 'ping' };
  }
}

describe('NotifierModule extras', () => {
  it('resolves ids with the application resolver and reports unknown ones', async () => {
    @Injectable()
    class Users implements RecipientResolver {
      async resolve(ids: readonly string[]): Promise<Array<RecipientLike | undefined>> {
        return ids.map((id) =>
          id.startsWith('known') ? { phone: '+15550000001', name: id } : undefined,
        );
      }
    }
    const app = await notifierTestApp({}, { resolver: Users });
    const notifier = app.get(NotifierService);
    const ok = await notifier.notify(['known-1'], new Configurable(['sms', 'inbox']));
    expect(ok.deliveries.map((d) => [d.channel, d.recipientId, d.status]).sort()).toEqual([
      ['inbox', 'known-1', 'sent'],
      ['sms', 'known-1', 'sent'],
    ]);
    const missing = await notifier
      .notify(['known-2', 'ghost'], new Configurable(['sms']))
      .catch((e) => e);
    expect(missing).toBeInstanceOf(RecipientNotFoundError);
    expect(missing.message).toContain('"ghost"');
    await app.close();
  });

  it('refuses a built-in channel that has no backend in the application', async () => {
    const bare = await Test.createTestingModule({
      imports: [ObservabilityModule, NotificationModule.stub(), NotifierModule.forRoot()],
    }).compile();
    await bare.init();
    const error = await bare
      .get(NotifierService)
      .notify(ada, new Configurable(['inbox']))
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChannelUnavailableError);
    expect((error as Error).message).toContain('provide InboxService');
    const mail = await bare
      .get(NotifierService)
      .notify(ada, new OrderShipped())
      .catch((e: unknown) => e);
    expect(mail).toBeInstanceOf(ChannelUnavailableError);
    expect((mail as Error).message).toContain('MailerModule');
    await bare.close();
  });
});
