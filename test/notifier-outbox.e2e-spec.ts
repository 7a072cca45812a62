import { DataSource } from 'typeorm';
import { TRACER } from '@herald/contracts';
import { InMemoryTracerProvider } from '@herald/monitor/testing';
import { Notification, NotifierService, NotifyArgumentError } from '@herald/notification';
import {
  NOTIFICATION_OUTBOX,
  OutboxRelay,
  type OutboxEntry,
  type OutboxStore,
} from '@herald/notification/notifier';
import { OUTBOX_TABLE } from '@herald/notification/typeorm';
import { FakeFcmServer, FakeSendgridServer, FakeTwilioServer } from '@herald/notification/testing';
import {
  startNotifierApp,
  until,
  type NotifierFakes,
  type NotifierTestApp,
} from './helpers/notifier-app.js';

interface Customer {
  id: string;
  phone: string;
}

class Receipt extends Notification<Customer> {
  override readonly category = 'orders';
  constructor(readonly order: string) {
    super();
  }
  via() {
    return ['sms'];
  }
  toSms() {
    return `Receipt ${this.order}`;
  }
}

const ada: Customer = { id: 'c-ada', phone: '+15552220001' };

describe.each(['postgres', 'sqlite'] as const)(
  'transactional outbox on %s (inline delivery, fake Twilio)',
  (db) => {
    const fakes = {} as NotifierFakes;
    let harness: NotifierTestApp;
    let notifier: NotifierService;
    let dataSource: DataSource;
    let outbox: OutboxStore;
    const relayed = new Map<string, number>();

    beforeAll(async () => {
      fakes.twilio = await new FakeTwilioServer().start();
      fakes.fcm = await new FakeFcmServer().start();
      fakes.sendgrid = await new FakeSendgridServer().start();
      harness = await startNotifierApp(db, 'inline', fakes, [], {
        outbox: { pollIntervalMs: 200, batchSize: 5 },
      });
      notifier = harness.app.get(NotifierService);
      dataSource = harness.app.get(DataSource);
      outbox = harness.app.get(NOTIFICATION_OUTBOX);
      const relay = notifier.relay.bind(notifier);
      jest.spyOn(notifier, 'relay').mockImplementation((entry: OutboxEntry) => {
        relayed.set(entry.id, (relayed.get(entry.id) ?? 0) + 1);
        return relay(entry);
      });
    });
    afterAll(async () => {
      await harness?.close();
      await Promise.all([fakes.twilio?.stop(), fakes.fcm?.stop(), fakes.sendgrid?.stop()]);
    });

    const sms = (body: string) => fakes.twilio.messages.filter((m) => m.Body === body);
    const outboxRow = async (id: string) => {
      const table = `${(dataSource.options as { schema?: string }).schema ? `"${(dataSource.options as { schema?: string }).schema}".` : ''}"${OUTBOX_TABLE}"`;
      const p = dataSource.options.type === 'postgres' ? '$1' : '?';
      const rows: Array<{ status: string }> = await dataSource.query(
        `SELECT status FROM ${table} WHERE id = ${p}`,
        [id],
      );
      return rows[0]?.status;
    };
    /** A relay of its own, to show what a relay can claim at a given moment. */
    const probe = () => new OutboxRelay(outbox, (entry) => notifier.relay(entry));

    it('writes the notification in the transaction and sends it only after the commit', async () => {
      let id = '';
      await dataSource.transaction(async (manager) => {
        const result = await notifier.notify(ada, new Receipt('R-1'), { transaction: manager });
        expect(result).toMatchObject({ status: 'pending', duplicate: false, deliveries: [] });
        id = result.notificationId;
        // Not committed: no relay can claim it yet.
        expect(await probe().relayOnce()).toBe(0);
        expect(await notifier.get(id)).toBeUndefined();
      });
      await until(async () => (await outboxRow(id)) === 'done');
      const report = await notifier.status(id);
      expect(report?.notification).toMatchObject({ status: 'dispatched', deliveries: 1 });
      expect(report?.deliveries.sent).toBe(1);
      expect(sms('Receipt R-1')[0].To).toBe(ada.phone);
    });

    it('takes a QueryRunner after startTransaction() as well', async () => {
      const runner = dataSource.createQueryRunner();
      await runner.startTransaction();
      const result = await notifier.notify(ada, new Receipt('R-QR'), { transaction: runner });
      await runner.commitTransaction();
      await runner.release();
      await until(async () => (await notifier.get(result.notificationId))?.status === 'dispatched');
      expect(sms('Receipt R-QR')).toHaveLength(1);
    });

    it('sends nothing when the transaction rolls back', async () => {
      let id = '';
      await expect(
        dataSource.transaction(async (manager) => {
          id = (await notifier.notify(ada, new Receipt('R-2'), { transaction: manager }))
            .notificationId;
          throw new Error('order rejected');
        }),
      ).rejects.toThrow('order rejected');
      expect(await outboxRow(id)).toBeUndefined();
      expect(await probe().relayOnce()).toBe(0);
      // A later committed one goes out; the rolled-back one never does.
      await dataSource.transaction((manager) =>
        notifier.notify(ada, new Receipt('R-3'), { transaction: manager }),
      );
      await until(() => sms('Receipt R-3').length === 1);
      expect(sms('Receipt R-2')).toHaveLength(0);
      expect(await notifier.get(id)).toBeUndefined();
      expect(relayed.has(id)).toBe(false);
    });

    it('relays each notification once with two relays running at once', async () => {
      const second = new OutboxRelay(outbox, (entry) => notifier.relay(entry), {
        batchSize: 3,
        pollIntervalMs: 50,
      });
      await second.start();
      const ids: string[] = [];
      try {
        await dataSource.transaction(async (manager) => {
          for (let i = 0; i < 30; i++)
            ids.push(
              (await notifier.notify(ada, new Receipt(`R-two-${i}`), { transaction: manager }))
                .notificationId,
            );
        });
        await until(async () => {
          const states = await Promise.all(ids.map(outboxRow));
          return states.every((s) => s === 'done');
        });
      } finally {
        await second.stop();
      }
      expect(ids.map((id) => relayed.get(id))).toEqual(ids.map(() => 1));
      for (let i = 0; i < 30; i++) expect(sms(`Receipt R-two-${i}`)).toHaveLength(1);
    });

    it('makes one notification of a repeated idempotency key, in and out of transactions', async () => {
      const key = `receipt-${db}-dup`;
      const [a, b] = await dataSource.transaction(async (manager) => [
        await notifier.notify(ada, new Receipt('R-dup'), {
          transaction: manager,
          idempotencyKey: key,
        }),
        await notifier.notify(ada, new Receipt('R-dup'), {
          transaction: manager,
          idempotencyKey: key,
        }),
      ]);
      expect(a).toMatchObject({ duplicate: false, status: 'pending' });
      expect(b).toMatchObject({ notificationId: a.notificationId, duplicate: true });
      const c = await dataSource.transaction((manager) =>
        notifier.notify(ada, new Receipt('R-dup'), { transaction: manager, idempotencyKey: key }),
      );
      expect(c).toMatchObject({ notificationId: a.notificationId, duplicate: true });
      await until(async () => (await notifier.get(a.notificationId))?.status === 'dispatched');
      const d = await notifier.notify(ada, new Receipt('R-dup'), { idempotencyKey: key });
      expect(d).toMatchObject({ notificationId: a.notificationId, duplicate: true });
      expect(relayed.get(a.notificationId)).toBe(1);
      expect(sms('Receipt R-dup')).toHaveLength(1);
    });

    if (db === 'postgres') {
      it('makes one notification of the same key from two concurrent transactions', async () => {
        const key = 'receipt-concurrent';
        const results = await Promise.all(
          [0, 1].map(() =>
            dataSource.transaction((manager) =>
              notifier.notify(ada, new Receipt('R-conc'), {
                transaction: manager,
                idempotencyKey: key,
              }),
            ),
          ),
        );
        expect(results.map((r) => r.duplicate).sort()).toEqual([false, true]);
        expect(results[0].notificationId).toBe(results[1].notificationId);
        await until(async () => (await notifier.get(results[0].notificationId)) !== undefined);
        await until(async () => (await outboxRow(results[0].notificationId)) === 'done');
        expect(sms('Receipt R-conc')).toHaveLength(1);
      });
    }

    it('refuses a manager outside a transaction, naming the option', async () => {
      const error = await notifier
        .notify(ada, new Receipt('R-bad'), { transaction: dataSource.manager })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(NotifyArgumentError);
      expect((error as Error).message).toContain('options.transaction');
      expect((error as Error).message).toContain('not inside an active transaction');
    });
  },
);

describe('transactional outbox on postgres with the BullMQ queue (scheduling, one trace)', () => {
  const fakes = {} as NotifierFakes;
  const tracer = new InMemoryTracerProvider({ serviceName: 'outbox-test' });
  let harness: NotifierTestApp;
  let notifier: NotifierService;
  let dataSource: DataSource;

  beforeAll(async () => {
    fakes.twilio = await new FakeTwilioServer().start();
    fakes.fcm = await new FakeFcmServer().start();
    fakes.sendgrid = await new FakeSendgridServer().start();
    harness = await startNotifierApp(
      'postgres',
      'bullmq',
      fakes,
      [],
      { outbox: { pollIntervalMs: 200 } },
      (builder) => builder.overrideProvider(TRACER).useValue(tracer),
    );
    notifier = harness.app.get(NotifierService);
    dataSource = harness.app.get(DataSource);
  });
  afterAll(async () => {
    await harness?.close();
    await Promise.all([fakes.twilio?.stop(), fakes.fcm?.stop(), fakes.sendgrid?.stop()]);
    await tracer.shutdown();
  });

  const sms = (body: string) => fakes.twilio.messages.filter((m) => m.Body === body);

  it('queues the deliveries after the commit, the relay span in the trace of notify()', async () => {
    const { notificationId } = await dataSource.transaction((manager) =>
      notifier.notify(ada, new Receipt('Q-1'), { transaction: manager }),
    );
    await until(async () => (await notifier.status(notificationId))?.deliveries.sent === 1);
    expect(sms('Receipt Q-1')).toHaveLength(1);
    const spans = tracer.getAllSpans();
    const notify = spans.find(
      (s) =>
        s.name === 'notify Receipt' && s.attributes['herald.notification.id'] === notificationId,
    )!;
    const relay = spans.find(
      (s) =>
        s.name === 'relay Receipt' && s.attributes['herald.notification.id'] === notificationId,
    )!;
    expect(relay.traceId).toBe(notify.traceId);
    expect(relay.parentSpanId).toBe(notify.spanId);
  });

  it('schedules a delayed notification once its transaction commits', async () => {
    const { notificationId, status, sendAt } = await dataSource.transaction((manager) =>
      notifier.notify(ada, new Receipt('Q-2'), { transaction: manager, delayMs: 400 }),
    );
    expect(status).toBe('pending');
    expect(sendAt!.getTime()).toBeGreaterThan(Date.now());
    await until(async () => (await notifier.get(notificationId))?.status === 'dispatched');
    await until(async () => (await notifier.status(notificationId))?.deliveries.sent === 1);
    expect(sms('Receipt Q-2')).toHaveLength(1);
  });
});
