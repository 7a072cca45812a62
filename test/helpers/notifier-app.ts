import type { DynamicModule, Type } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { Test, type TestingModule, type TestingModuleBuilder } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Queue } from 'bullmq';
import { ObservabilityModule } from '@herald/observability';
import { MailerModule, NotificationModule } from '@herald/notification';
import { connectionFromUrl } from '@herald/notification/bullmq';
import {
  NotifierModule,
  type NotificationDigester,
  type NotificationGate,
  type NotifierModuleOptions,
} from '@herald/notification/notifier';
import { InboxModule } from '@herald/notification/inbox';
import {
  CreateDeliveryRecords1732400000000,
  CreateInboxMessages1732300000000,
  AddInboxMessageStates1736200000000,
  CreateInboxCounters1736700000000,
  AddInboxCounterBounds1736800000000,
  NOTIFIER_MIGRATIONS,
} from '@herald/notification/typeorm';
import type {
  FakeFcmServer,
  FakeSendgridServer,
  FakeTwilioServer,
} from '@herald/notification/testing';
import { memorySqlite } from './sqlite.js';
import { createPrivateSchema } from './pg-schema.js';

let seq = 0;

/** The fake providers a notifier test app sends to. */
export interface NotifierFakes {
  twilio: FakeTwilioServer;
  fcm: FakeFcmServer;
  sendgrid: FakeSendgridServer;
}

export interface NotifierTestApp {
  app: TestingModule;
  /** Closes the app, removes its queues from Redis and drops its schema. */
  close(): Promise<void>;
  /** The delivery queue's name (the notifier's is `<queueName>-notifier`). */
  queueName: string;
  prefix: string;
}

/**
 * A Nest app with the whole notifier on real parts: a TypeORM database
 * (in-memory SQLite, or a private PostgreSQL schema) migrated with the inbox,
 * delivery and notifier migrations; the SMS (Twilio), push (FCM) and mail
 * (SendGrid) backends pointed at fake servers; reliable delivery in `mode`
 * (`bullmq`: throw-away queues on the local Redis, workers in this process);
 * the inbox and device tokens in the database; `imports` booted beside.
 */
export async function startNotifierApp(
  db: 'sqlite' | 'postgres',
  mode: 'inline' | 'bullmq',
  fakes: NotifierFakes,
  gates: Type<NotificationGate>[] = [],
  notifierOptions: NotifierModuleOptions = {},
  configure: (builder: TestingModuleBuilder) => TestingModuleBuilder = (builder) => builder,
  extras: { digester?: Type<NotificationDigester>; imports?: DynamicModule[] } = {},
): Promise<NotifierTestApp> {
  const queueName = `herald-notifier-e2e-${process.pid}-${Date.now()}-${++seq}`;
  const prefix = 'herald-test';
  const schema =
    db === 'postgres'
      ? await createPrivateSchema(`herald_notifier_test_${process.pid}_${seq}`)
      : undefined;
  const migrations = [
    CreateInboxMessages1732300000000,
    CreateDeliveryRecords1732400000000,
    ...NOTIFIER_MIGRATIONS,
    AddInboxMessageStates1736200000000,
    CreateInboxCounters1736700000000,
    AddInboxCounterBounds1736800000000,
  ];
  const database = schema ? { ...schema.options, extra: { max: 10 } } : memorySqlite();
  const builder = Test.createTestingModule({
    imports: [
      ObservabilityModule,
      EventEmitterModule.forRoot(),
      TypeOrmModule.forRoot({ ...database, migrations, migrationsRun: true, synchronize: false }),
      NotificationModule.forRoot({
        smsBackends: [
          {
            name: 'twilio',
            primary: true,
            driver: 'twilio',
            twilio: {
              accountSid: fakes.twilio.accountSid,
              authToken: fakes.twilio.authToken,
              fromNumber: '+15005550006',
              baseUrl: fakes.twilio.url,
            },
          },
        ],
        pushBackends: [
          { name: 'fcm', primary: true, driver: 'fcm', fcm: fakes.fcm.driverConfig() },
        ],
        delivery: {
          enabled: true,
          queue: mode,
          store: 'database',
          queueName,
          queuePrefix: prefix,
          retryAttempts: 3,
          retryBase: 0.01,
          retryCap: 0.05,
        },
      }),
      MailerModule.forRoot({
        backends: [
          {
            name: 'sendgrid',
            primary: true,
            driver: 'sendgrid',
            fromEmail: 'noreply@herald.test',
            sendgrid: { apiKey: fakes.sendgrid.apiKey, baseUrl: fakes.sendgrid.url },
          },
        ],
      }),
      InboxModule.forRoot({ config: { storeBackend: 'database' } }),
      NotifierModule.forRoot(notifierOptions, { gates, digester: extras.digester }),
      ...(extras.imports ?? []),
    ],
  });
  const app = await configure(builder).compile();
  await app.init();
  return {
    app,
    queueName,
    prefix,
    close: async () => {
      await app.close();
      for (const name of [queueName, `${queueName}-notifier`]) {
        const queue = new Queue(name, { connection: connectionFromUrl(), prefix });
        await queue.obliterate({ force: true });
        await queue.close();
      }
      await schema?.drop();
    },
  };
}

/** Polls `check` every 20 ms until it holds, for at most `timeoutMs`. */
export async function until(
  check: () => boolean | Promise<boolean>,
  timeoutMs = 15_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
