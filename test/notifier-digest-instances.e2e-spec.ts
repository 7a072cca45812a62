import { EventEmitterModule } from '@nestjs/event-emitter';
import { Test, type TestingModule } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { ObservabilityModule } from '@herald/observability';
import {
  DigestGate,
  Mailable,
  MailerModule,
  Notification,
  NotificationModule,
  NotifierModule,
  NotifierService,
  RedisNotificationDigester,
  type DigestBatch,
  type RecipientProfile,
} from '@herald/notification';
import { connectionFromUrl } from '@herald/notification/bullmq';
import {
  CreateDeliveryRecords1732400000000,
  CreateInboxMessages1732300000000,
  AddInboxMessageStates1736200000000,
  CreateInboxCounters1736700000000,
  AddInboxCounterBounds1736800000000,
  NOTIFIER_MIGRATIONS,
} from '@herald/notification/typeorm';
import { FakeSendgridServer } from '@herald/notification/testing';
import { createPrivateSchema, type PrivateSchema } from './helpers/pg-schema.js';
import { until } from './helpers/notifier-app.js';

const run = `${process.pid}-${Date.now()}`;
const queueName = `herald-digest-instances-${run}`;
const prefix = 'herald-test';
const schemaName = `herald_digest_instances_${process.pid}_${Date.now()}`;

class Digester extends RedisNotificationDigester {
  constructor() {
    super({ prefix: `herald-test-digest-instances-${run}` });
  }
}

class OrderUpdate extends Notification {
  override readonly digest = { windowMs: 1000 };
  constructor(readonly order: string) {
    super();
  }
  via() {
    return ['mail'];
  }
  toMail() {
    return new Mailable().subject(`Order ${this.order}`).text('updated');
  }
  renderDigest(_channel: string, user: RecipientProfile, batch: DigestBatch) {
    return new Mailable()
      .subject(`${batch.items.length} order updates for ${user.id} (${run})`)
      .text(batch.items.map((i) => (i.content as { subject: string }).subject).join(', '));
  }
}

/** An API instance (no workers) or a worker instance, on one PostgreSQL schema, one queue, one Redis. */
async function instance(
  worker: boolean,
  sendgrid: FakeSendgridServer,
  schema: PrivateSchema,
): Promise<TestingModule> {
  const app = await Test.createTestingModule({
    imports: [
      ObservabilityModule,
      EventEmitterModule.forRoot(),
      TypeOrmModule.forRoot({
        ...schema.options,
        migrations: [
          CreateInboxMessages1732300000000,
          CreateDeliveryRecords1732400000000,
          ...NOTIFIER_MIGRATIONS,
          AddInboxMessageStates1736200000000,
          CreateInboxCounters1736700000000,
          AddInboxCounterBounds1736800000000,
        ],
        migrationsRun: true,
        synchronize: false,
      }),
      NotificationModule.forRoot({
        delivery: {
          enabled: true,
          queue: 'bullmq',
          store: 'database',
          queueName,
          queuePrefix: prefix,
          worker,
        },
      }),
      MailerModule.forRoot({
        backends: [
          {
            name: 'sendgrid',
            primary: true,
            driver: 'sendgrid',
            fromEmail: 'noreply@herald.test',
            sendgrid: { apiKey: sendgrid.apiKey, baseUrl: sendgrid.url },
          },
        ],
      }),
      // the worker never notifies an OrderUpdate: it renders digests with the class listed here
      NotifierModule.forRoot(
        { store: 'database', worker, preferences: false },
        { gates: [DigestGate], digester: Digester, digests: worker ? [OrderUpdate] : [] },
      ),
    ],
  }).compile();
  await app.init();
  return app;
}

describe('digests across instances (API without workers, a worker elsewhere; PostgreSQL, BullMQ, Redis)', () => {
  let sendgrid: FakeSendgridServer;
  let schema: PrivateSchema;
  let api: TestingModule;
  let worker: TestingModule;

  beforeAll(async () => {
    sendgrid = await new FakeSendgridServer().start();
    schema = await createPrivateSchema(schemaName);
    api = await instance(false, sendgrid, schema);
    worker = await instance(true, sendgrid, schema);
  });
  afterAll(async () => {
    await api?.close();
    await worker?.close();
    for (const name of [queueName, `${queueName}-notifier`]) {
      const queue = new Queue(name, { connection: connectionFromUrl(), prefix });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    await schema?.drop();
    await sendgrid?.stop();
  });

  it('the API buffers in Redis, the worker flushes the window and renders one mail for all', async () => {
    const notifier = api.get(NotifierService);
    const user = { id: 'u-digest', email: 'digest@example.com' };
    const ids: string[] = [];
    for (const order of ['A-1', 'A-2', 'A-3']) {
      const result = await notifier.notify(user, new OrderUpdate(order));
      ids.push(result.notificationId);
      expect(result.deliveries).toEqual([expect.objectContaining({ status: 'digested' })]);
    }
    const subject = `3 order updates for u-digest (${run})`;
    await until(() => sendgrid.mails.some((m) => m.subject === subject));
    const mails = sendgrid.mails.filter((m) => m.subject === subject);
    expect(mails).toHaveLength(1);
    expect(mails[0].content[0].value).toBe('Order A-1, Order A-2, Order A-3');
    // the digest is a notification of its own, recorded in the shared database
    const digests = (await notifier.list()).filter(
      (r) => r.type === 'OrderUpdate' && !ids.includes(r.id),
    );
    expect(digests).toEqual([expect.objectContaining({ status: 'dispatched', deliveries: 1 })]);
  });
});
