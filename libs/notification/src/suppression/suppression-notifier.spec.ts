import { MAILER } from '@herald/contracts';
import type { InMemoryMailer } from '../memory/in-memory-mailer.js';
import { DeviceTokenService } from '../notifier/devices/device-token.service.js';
import { notifierTestApp } from '../notifier/__fixtures__/notifier-test-app.js';
import { OrderShipped, type TestUser } from '../notifier/__fixtures__/test-notifications.js';
import { NOTIFICATION_GATES } from '../notifier/notifier.constants.js';
import type { NotificationGate } from '../notifier/gates/notification-gate.interface.js';
import { NotifierService } from '../notifier/notifier.service.js';
import { Notification } from '../notifier/notification.js';
import { SuppressionModule } from './suppression.module.js';
import { SuppressionService } from './suppression.service.js';
import { SUPPRESSION_STORE } from './suppression.constants.js';
import type { SuppressionProbe } from './suppression-entry.js';
import type { SuppressionStore } from './suppression-store.protocol.js';

class Newsletter extends Notification<TestUser> {
  override readonly category = 'newsletter';
  via() {
    return ['sms', 'mail'];
  }
  toSms() {
    return 'news';
  }
  toMail() {
    return { subject: 'News', text: 'x' };
  }
}

class CopiedReceipt extends Notification<TestUser> {
  override readonly category = 'transactional';
  via() {
    return ['mail'];
  }
  toMail() {
    return { subject: 'Receipt', text: 'x', cc: ['books@example.com'] };
  }
}

class Receipt extends Notification<TestUser> {
  override readonly category = 'transactional';
  via() {
    return ['mail'];
  }
  toMail() {
    return { subject: 'Receipt', text: 'x' };
  }
}

describe('SuppressionModule with NotifierModule', () => {
  it("runs the suppression gate after the preference gate, before the app's: notify() records suppressed deliveries with the reason", async () => {
    const app = await notifierTestApp({}, {}, { imports: [SuppressionModule.forRoot()] });
    try {
      const gates = app.get<NotificationGate[]>(NOTIFICATION_GATES);
      expect(gates.map((g) => g.name)).toEqual(['preferences', 'suppression-list']);
      const suppressions = app.get(SuppressionService);
      await suppressions.add({
        channel: 'sms',
        address: '+15550100009',
        reason: 'sms_stop',
        source: 'twilio',
      });
      await suppressions.add({
        channel: 'mail',
        address: 'ADA@example.com',
        category: 'orders',
        reason: 'unsubscribe',
        source: 'one-click',
      });
      await app.get(DeviceTokenService).register({ userId: 'u1', token: 'tok-1', platform: 'fcm' });
      await suppressions.add({
        channel: 'push',
        address: 'tok-1',
        reason: 'manual',
        source: 'ops',
      });
      const ada: TestUser = { id: 'u1', email: 'ada@example.com', phone: '+15550100009' };
      const notifier = app.get(NotifierService);

      const shipped = await notifier.notify(ada, new OrderShipped('A-9'));
      const by = Object.fromEntries(shipped.deliveries.map((d) => [d.channel, d]));
      expect(by.sms).toMatchObject({
        status: 'suppressed',
        reason: expect.stringMatching(/^suppressed: sms_stop .* by twilio$/),
      });
      expect(by.mail).toMatchObject({
        status: 'suppressed',
        reason: expect.stringMatching(/unsubscribe \(orders\)/),
      });
      expect(by.push).toMatchObject({
        status: 'suppressed',
        reason: expect.stringMatching(/manual/),
      });
      expect(by.inbox).toMatchObject({ status: 'sent' });
      const records = await notifier.deliveries(shipped.notificationId);
      expect(records.filter((r) => r.status === 'suppressed')).toHaveLength(3);

      const news = await notifier.notify(ada, new Newsletter());
      const newsBy = Object.fromEntries(news.deliveries.map((d) => [d.channel, d.status]));
      expect(newsBy).toEqual({ sms: 'suppressed', mail: 'sent' });
    } finally {
      await app.close();
    }
  });

  it('looks each address of a notifier delivery up once: SMS and mail in the gates, push tokens and extra mail addresses in reliable delivery', async () => {
    const app = await notifierTestApp({}, {}, { imports: [SuppressionModule.forRoot()] });
    try {
      const store = app.get<SuppressionStore>(SUPPRESSION_STORE);
      const probes: SuppressionProbe[] = [];
      const findMatches = store.findMatches.bind(store);
      jest.spyOn(store, 'findMatches').mockImplementation((batch) => {
        probes.push(...batch);
        return findMatches(batch);
      });
      const lookups = () => probes.map((p) => `${p.channel} ${p.address}`).sort();
      await app.get(DeviceTokenService).register({ userId: 'u1', token: 'tok-1', platform: 'fcm' });
      const ada: TestUser = { id: 'u1', email: 'ada@example.com', phone: '+15550100009' };
      const notifier = app.get(NotifierService);

      const shipped = await notifier.notify(ada, new OrderShipped('A-10'));
      expect(shipped.deliveries.map((d) => [d.channel, d.status]).sort()).toEqual([
        ['inbox', 'sent'],
        ['mail', 'sent'],
        ['push', 'sent'],
        ['sms', 'sent'],
      ]);
      expect(lookups()).toEqual(['mail ada@example.com', 'push tok-1', 'sms +15550100009']);

      probes.length = 0;
      await app.get(SuppressionService).add({
        channel: 'mail',
        address: 'books@example.com',
        reason: 'manual',
        source: 'ops',
      });
      const copied = await notifier.notify(ada, new CopiedReceipt());
      expect(copied.deliveries.map((d) => d.status)).toEqual(['sent']);
      // the gate checked `to`; reliable delivery checks only the cc it did not see (and drops it)
      expect(lookups()).toEqual(['mail ada@example.com', 'mail books@example.com']);
      const sent = app.get<InMemoryMailer>(MAILER).sent.find((m) => m.subject === 'Receipt')!;
      expect(sent.cc ?? []).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('notify() mail of a non-transactional category carries one-click unsubscribe headers', async () => {
    const app = await notifierTestApp(
      {},
      {},
      {
        imports: [
          SuppressionModule.forRoot({
            unsubscribe: { secret: 'x'.repeat(32), url: 'https://app.example.com/unsubscribe' },
          }),
        ],
      },
    );
    try {
      const notifier = app.get(NotifierService);
      const ada: TestUser = { id: 'u1', email: 'ada@example.com' };
      await notifier.notify(ada, new Newsletter());
      await notifier.notify(ada, new Receipt());
      const mailer = app.get<InMemoryMailer>(MAILER);
      const news = mailer.sent.find((m) => m.subject === 'News')!;
      expect(news.headers?.['List-Unsubscribe']).toMatch(
        /^<https:\/\/app\.example\.com\/unsubscribe\?token=[\w-]+\.[\w-]+>$/,
      );
      expect(news.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
      const receipt = mailer.sent.find((m) => m.subject === 'Receipt')!;
      expect(receipt.headers?.['List-Unsubscribe']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('without SuppressionModule the notifier has no suppression gate', async () => {
    const app = await notifierTestApp();
    try {
      expect(app.get<NotificationGate[]>(NOTIFICATION_GATES).map((g) => g.name)).toEqual([
        'preferences',
      ]);
    } finally {
      await app.close();
    }
  });
});
