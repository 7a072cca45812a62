import { EventEmitter2 } from '@nestjs/event-emitter';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { METRICS_COLLECTOR, type MetricsCollectorProtocol } from '@herald/contracts';
import { MetricsCollector, MonitorModule } from '@herald/monitor';
import {
  DELIVERY_STORE,
  DELIVERY_UPDATED_EVENT,
  DeliveryFeedbackRecorder,
  Mailable,
  Notification,
  NotificationPreferencesService,
  NotifierService,
  type DeliveryStore,
  type DeliveryUpdatedEvent,
} from '@herald/notification';
import { FakeFcmServer, FakeSendgridServer, FakeTwilioServer } from '@herald/notification/testing';
import {
  CreateDeliveryRecords1732400000000,
  RenameEmailChannelToMail1736000000000,
  heraldMigrations,
} from '@herald/notification/typeorm';
import { createPrivateSchema } from './helpers/pg-schema.js';
import {
  startNotifierApp,
  until,
  type NotifierFakes,
  type NotifierTestApp,
} from './helpers/notifier-app.js';
import { memorySqlite } from './helpers/sqlite.js';

interface User {
  id: string;
  email: string;
}

/** Names its mail channel by the input alias `email`. */
class Receipt extends Notification<User> {
  override readonly category: string = 'billing';
  via() {
    return ['email'];
  }
  toMail() {
    return new Mailable().subject('Your receipt').text('Thanks');
  }
}

describe('e-mail is `mail` in every output; `email` is accepted on input', () => {
  const fakes = {} as NotifierFakes;
  let harness: NotifierTestApp;
  let notifier: NotifierService;
  let metrics: MetricsCollectorProtocol;
  let store: DeliveryStore;
  const user: User = { id: `mail-name-${process.pid}`, email: 'ada@example.com' };

  beforeAll(async () => {
    fakes.twilio = await new FakeTwilioServer().start();
    fakes.fcm = await new FakeFcmServer().start();
    fakes.sendgrid = await new FakeSendgridServer().start();
    harness = await startNotifierApp('sqlite', 'inline', fakes, [], {}, (b) => b, {
      imports: [MonitorModule.configure({ config: { tracing: { exporter: 'none' } } })],
    });
    notifier = harness.app.get(NotifierService);
    metrics = harness.app.get(METRICS_COLLECTOR);
    store = harness.app.get(DELIVERY_STORE);
  });
  afterAll(async () => {
    await harness?.close();
    await Promise.all([fakes.twilio?.stop(), fakes.fcm?.stop(), fakes.sendgrid?.stop()]);
  });

  it('via(["email"]) sends as mail: record, notification_sent_total, herald_delivery_sent_total, herald_notification_deliveries_total', async () => {
    const { notificationId } = await notifier.notify(user, new Receipt());
    await until(async () => (await notifier.deliveries(notificationId))[0]?.status === 'sent');
    const [record] = await notifier.deliveries(notificationId);
    expect(record.channel).toBe('mail');

    // the channel label values of `name` in the /metrics exposition
    const labelsOf = (name: string) => [
      ...new Set(
        [
          ...(metrics as MetricsCollector)
            .metricsText()
            .matchAll(new RegExp(`^${name}\\{[^}]*\\bchannel="([^"]*)"`, 'gm')),
        ].map((m) => m[1]),
      ),
    ];
    expect(labelsOf('notification_sent_total')).toEqual(['mail']);
    expect(labelsOf('herald_delivery_sent_total')).toEqual(['mail']);
    expect(labelsOf('herald_notification_deliveries_total')).toEqual(['mail']);

    // provider feedback that names the channel `email` finds the record and reports `mail`
    const updates: DeliveryUpdatedEvent[] = [];
    const events = harness.app.get(EventEmitter2);
    const listener = (e: DeliveryUpdatedEvent) => void updates.push(e);
    events.on(DELIVERY_UPDATED_EVENT, listener);
    try {
      expect((await store.findByProviderMessageId(record.providerMessageId!, 'email'))?.id).toBe(
        record.id,
      );
      const recorder = new DeliveryFeedbackRecorder(store, () => events, metrics);
      const { result } = await recorder.record({
        channel: 'email',
        provider: 'sendgrid',
        providerMessageId: record.providerMessageId!,
        status: 'delivered',
      });
      expect(result).toBe('updated');
      expect(updates.map((u) => u.channel)).toEqual(['mail']);
      expect(labelsOf('herald_notification_delivery_feedback_total')).toEqual(['mail']);
      expect(metrics).toBeInstanceOf(MetricsCollector);
    } finally {
      events.off(DELIVERY_UPDATED_EVENT, listener);
    }
  });

  it('a preference set for `email` is stored and listed as `mail`', async () => {
    const prefs = harness.app.get(NotificationPreferencesService);
    const saved = await prefs.set({
      userId: user.id,
      category: 'billing',
      channel: 'email',
      enabled: false,
    });
    expect(saved.channel).toBe('mail');
    expect((await prefs.list(user.id)).map((p) => p.channel)).toEqual(['mail']);
    const [effective] = await prefs.effective(user.id, [
      { category: 'billing', channels: ['email'] },
    ]);
    expect(effective).toMatchObject({ channel: 'mail', enabled: false });
    expect(await prefs.unset(user.id, 'billing', 'email')).toBe(true);
  });
});

describe.each(['sqlite', 'postgres'] as const)(
  'RenameEmailChannelToMail1736000000000 on %s',
  (db) => {
    it("renames stored 'email' rows to 'mail' and is part of heraldMigrations()", async () => {
      expect(heraldMigrations()).toContain(RenameEmailChannelToMail1736000000000);
      const schema = `herald_mail_rename_${process.pid}_${Date.now()}`;
      const privateSchema = db === 'postgres' ? await createPrivateSchema(schema) : undefined;
      const options: DataSourceOptions =
        privateSchema?.options ?? (memorySqlite() as DataSourceOptions);
      const before = new DataSource({
        ...options,
        migrations: [CreateDeliveryRecords1732400000000],
      });
      await before.initialize();
      try {
        await before.runMigrations();
        const table =
          db === 'postgres' ? `"${schema}".herald_delivery_records` : 'herald_delivery_records';
        const now = Date.now();
        for (const [id, channel] of [
          ['d1', 'email'],
          ['d2', 'sms'],
        ]) {
          await before.query(
            `INSERT INTO ${table} (id, channel, backend, recipient, status, attempts, created_at, updated_at)
             VALUES ('${id}', '${channel}', 'b', 'r', 'sent', 1, ${now}, ${now})`,
          );
        }
        const runner = before.createQueryRunner();
        try {
          await new RenameEmailChannelToMail1736000000000().up(runner);
        } finally {
          await runner.release();
        }
        const rows: Array<{ id: string; channel: string }> = await before.query(
          `SELECT id, channel FROM ${table} ORDER BY id`,
        );
        expect(rows).toEqual([
          { id: 'd1', channel: 'mail' },
          { id: 'd2', channel: 'sms' },
        ]);
      } finally {
        await before.destroy();
        await privateSchema?.drop();
      }
    });
  },
);
