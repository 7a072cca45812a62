import { EventEmitter2 } from '@nestjs/event-emitter';
import {
  DeliveryService,
  DeviceTokenService,
  Mailable,
  Notification,
  NotifierService,
  PUSH_TOKEN_DEAD_EVENT,
  SuppressionModule,
  SuppressionService,
  type PushTokenDeadEvent,
} from '@herald/notification';
import { FakeFcmServer, FakeSendgridServer, FakeTwilioServer } from '@herald/notification/testing';
import {
  startNotifierApp,
  until,
  type NotifierFakes,
  type NotifierTestApp,
} from './helpers/notifier-app.js';

interface User {
  id: string;
  email?: string;
  phone?: string;
}

class Digest extends Notification<User> {
  override readonly category = 'digest';
  constructor(readonly tag: string) {
    super();
  }
  via() {
    return ['sms', 'mail', 'push'];
  }
  toSms() {
    return `digest ${this.tag}`;
  }
  toMail() {
    return new Mailable().subject(`Digest ${this.tag}`).text('x');
  }
  toPush() {
    return { title: 'Digest', body: this.tag };
  }
}

/**
 * The suppression list under the notifier on real parts (PostgreSQL, BullMQ
 * workers, the fake providers): suppressed deliveries never reach a queue or
 * a provider, and a dead FCM token is retired by the device-token registry
 * (event `notification.push.token_dead` says so) rather than the list.
 */
describe.each(['postgres', 'sqlite'] as const)(
  'suppression list with the notifier on %s, bullmq delivery',
  (db) => {
    const fakes = {} as NotifierFakes;
    let harness: NotifierTestApp;
    const dead: PushTokenDeadEvent[] = [];

    beforeAll(async () => {
      fakes.twilio = await new FakeTwilioServer().start();
      fakes.fcm = await new FakeFcmServer().start();
      fakes.sendgrid = await new FakeSendgridServer().start();
      harness = await startNotifierApp(db, 'bullmq', fakes, [], {}, undefined, {
        imports: [SuppressionModule.forRoot({ store: 'database' })],
      });
      harness.app
        .get(EventEmitter2)
        .on(PUSH_TOKEN_DEAD_EVENT, (e: PushTokenDeadEvent) => dead.push(e));
    });
    afterAll(async () => {
      await harness?.close();
      await Promise.all([fakes.twilio.stop(), fakes.fcm.stop(), fakes.sendgrid.stop()]);
    });

    it('records suppressed deliveries at notify() and sends only the rest through the queue', async () => {
      const app = harness.app;
      const suppressions = app.get(SuppressionService);
      const tokens = app.get(DeviceTokenService);
      await suppressions.add({
        channel: 'sms',
        address: '+15552220001',
        reason: 'sms_stop',
        source: 'twilio',
      });
      await suppressions.add({
        channel: 'mail',
        address: 'u1@example.com',
        category: 'digest',
        reason: 'unsubscribe',
      });
      await tokens.register({ userId: 'u1', token: 'fcm-live', platform: 'fcm' });
      await tokens.register({ userId: 'u1', token: 'fcm-muted', platform: 'fcm' });
      await suppressions.add({ channel: 'push', address: 'fcm-muted', reason: 'manual' });

      const notifier = app.get(NotifierService);
      const result = await notifier.notify(
        { id: 'u1', email: 'u1@example.com', phone: '+15552220001' },
        new Digest('D-1'),
      );
      const statuses = result.deliveries.map((d) => `${d.channel}:${d.status}`).sort();
      expect(statuses).toEqual([
        'mail:suppressed',
        'push:queued',
        'push:suppressed',
        'sms:suppressed',
      ]);
      await until(
        async () => (await notifier.status(result.notificationId))?.deliveries.sent === 1,
      );
      expect(
        fakes.fcm.messages.filter((m) => m.notification?.body === 'D-1').map((m) => m.token),
      ).toEqual(['fcm-live']);
      expect(fakes.twilio.messages.filter((m) => m.Body === 'digest D-1')).toEqual([]);
      expect(fakes.sendgrid.mails.filter((m) => m.subject === 'Digest D-1')).toEqual([]);
      const records = await notifier.deliveries(result.notificationId);
      expect(
        records
          .filter((r) => r.status === 'suppressed')
          .map((r) => r.lastError?.split(' ')[1])
          .sort(),
      ).toEqual(['manual', 'sms_stop', 'unsubscribe']);
    });

    it('a dead FCM token is retired by the registry; the event says so; the list stays clean', async () => {
      const app = harness.app;
      const tokens = app.get(DeviceTokenService);
      await tokens.register({ userId: 'u2', token: 'fcm-stale', platform: 'fcm' });
      fakes.fcm.deadTokens.add('fcm-stale');
      const notifier = app.get(NotifierService);
      const result = await notifier.notify({ id: 'u2' }, new Digest('D-2'));
      expect(result.deliveries.map((d) => `${d.channel}:${d.status}`).sort()).toContain(
        'push:queued',
      );
      await until(() => dead.some((e) => e.token === 'fcm-stale'));
      expect(dead.find((e) => e.token === 'fcm-stale')).toEqual({
        token: 'fcm-stale',
        backend: 'fcm',
        reason: 'UNREGISTERED',
        recordedIn: 'registry',
      });
      await until(async () => (await tokens.store.get('fcm-stale'))?.deadAt !== undefined);
      expect(
        (await app.get(SuppressionService).list({ channel: 'push', address: 'fcm-stale' })).total,
      ).toBe(0);
      expect(app.get(DeliveryService).mode).toBe('bullmq');
    });
  },
);
