import type { AddressInfo } from 'node:net';
import { Global, Module } from '@nestjs/common';
import { Test, type TestingModule } from '@nestjs/testing';
import { SMTPServer } from 'smtp-server';
import { DataSource } from 'typeorm';
import { generateVAPIDKeys } from 'web-push';
import {
  getMailerToken,
  getPushChannelToken,
  MAILER,
  PUSH_CHANNEL,
  SMS_CHANNEL,
  type MailerProtocol,
  type PushChannelProtocol,
  type SMSChannelProtocol,
} from '@herald/contracts';
import { ObservabilityModule } from '@herald/observability';
import { MailerModule, NotificationModule } from '@herald/notification';
import { BullmqDeliveryQueue } from '@herald/notification/bullmq';
import {
  createSelfSignedCertificate,
  FakeApnsServer,
  FakeFcmServer,
  FakeSendgridServer,
  FakeTwilioServer,
  FakeWebPushServer,
} from '@herald/notification/testing';
import {
  openDeliveryTestDatabase,
  type TestDatabase,
} from '../libs/notification/src/delivery/stores/__fixtures__/delivery-test-databases.js';
import { pushBackends, sendgridBackend, twilioBackend } from './helpers/fake-backends.js';

const until = async (check: () => boolean, what: () => string, timeoutMs = 15_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not in time: ${what()}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** An SMTP server on loopback that counts the connections open right now. */
async function startSmtp(): Promise<{ server: SMTPServer; port: number; open: () => number }> {
  const tls = createSelfSignedCertificate();
  let open = 0;
  const server = new SMTPServer({
    secure: false,
    key: tls.key,
    cert: tls.cert,
    authOptional: true,
    logger: false,
    onConnect(_session, cb) {
      open++;
      cb();
    },
    onClose() {
      open--;
    },
    onData(stream, _session, cb) {
      stream.on('end', () => cb());
      stream.resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.server.address() as AddressInfo).port, open: () => open };
}

/**
 * With reliable delivery on, the injection tokens hand out the reliable
 * wrappers; the raw channels (HTTP keep-alive agents, the APNs HTTP/2 session,
 * the SMTP pool) must still be closed by `app.close()`. The oracle is each
 * server's own count of open client connections: the fakes keep idle
 * connections for a minute, so only the client closing them brings it to zero.
 */
describe.each([
  ['inline', 'memory'],
  ['inline', 'database'],
  ['bullmq', 'memory'],
  ['bullmq', 'database'],
] as const)('app.close() with notification.delivery (queue %s, store %s)', (queue, store) => {
  const vapid = generateVAPIDKeys();
  let twilio: FakeTwilioServer;
  let fcm: FakeFcmServer;
  let apns: FakeApnsServer;
  let webPush: FakeWebPushServer;
  let sendgrid: FakeSendgridServer;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let database: TestDatabase | undefined;
  let app: TestingModule;
  const queueName = `herald-shutdown-${process.pid}-${queue}-${store}`;
  const queuePrefix = `herald-test-${process.pid}`;

  beforeAll(async () => {
    twilio = new FakeTwilioServer();
    fcm = new FakeFcmServer();
    webPush = new FakeWebPushServer(vapid.publicKey);
    sendgrid = new FakeSendgridServer();
    for (const server of [twilio, fcm, webPush, sendgrid]) {
      server.keepAliveTimeoutMs = 60_000;
      await server.start();
    }
    apns = await new FakeApnsServer().start();
    smtp = await startSmtp();
    database = store === 'database' ? await openDeliveryTestDatabase('postgres') : undefined;

    @Global()
    @Module({
      providers: database ? [{ provide: DataSource, useValue: database.dataSource }] : [],
      exports: database ? [DataSource] : [],
    })
    class DatabaseModule {}

    app = await Test.createTestingModule({
      imports: [
        DatabaseModule,
        ObservabilityModule,
        NotificationModule.forRoot({
          sms_backends: [twilioBackend(twilio)],
          push_backends: pushBackends(fcm, apns, vapid),
          delivery: {
            enabled: true,
            queue,
            store,
            queue_name: queueName,
            queue_prefix: queuePrefix,
            retry_attempts: 1,
          },
        }),
        MailerModule.forRoot({
          backends: [
            sendgridBackend(sendgrid),
            {
              name: 'smtp',
              driver: 'smtp',
              from_email: 'noreply@herald.test',
              smtp: {
                host: '127.0.0.1',
                port: smtp.port,
                tls_reject_unauthorized: false,
                pool: true,
              },
            },
          ],
        }),
      ],
    }).compile();
    await app.init();
  });

  afterAll(async () => {
    await Promise.all([twilio, fcm, apns, webPush, sendgrid].map((s) => s.stop()));
    await new Promise<void>((resolve) => smtp.server.close(() => resolve()));
    await database?.close();
    if (queue === 'bullmq') {
      const leftover = new BullmqDeliveryQueue({ queueName, prefix: queuePrefix });
      await leftover.obliterate();
      await leftover.close();
    }
  });

  it('leaves no connection of any driver open', async () => {
    const key = `${queue}-${store}-${Date.now()}`;
    await app.get<SMSChannelProtocol>(SMS_CHANNEL).send({
      to: '+15551234567',
      body: 'hello',
      idempotencyKey: `sms-${key}`,
    });
    await app
      .get<PushChannelProtocol>(PUSH_CHANNEL)
      .send({ token: 'fcm-live', title: 'a', idempotencyKey: `fcm-${key}` });
    await app
      .get<PushChannelProtocol>(getPushChannelToken('ios'))
      .send({ token: 'a'.repeat(64), title: 'i', idempotencyKey: `apns-${key}` });
    await app.get<PushChannelProtocol>(getPushChannelToken('web')).send({
      token: JSON.stringify(webPush.createSubscription()),
      title: 'w',
      idempotencyKey: `web-${key}`,
    });
    for (const mailer of [app.get<MailerProtocol>(MAILER), app.get(getMailerToken('smtp'))]) {
      await (mailer as MailerProtocol).send({
        to: ['ada@example.com'],
        subject: 'hi',
        text: 'x',
        idempotencyKey: `${mailer.name}-${key}`,
      });
    }

    const open = () => ({
      twilio: twilio.openConnections,
      fcm: fcm.openConnections,
      apns: apns.openConnections,
      webpush: webPush.openConnections,
      sendgrid: sendgrid.openConnections,
      smtp: smtp.open(),
    });
    // every driver really delivered (queued sends through the worker) and holds its connection
    await until(
      () => Object.values(open()).every((n) => n > 0),
      () => `every driver connected: ${JSON.stringify(open())}`,
    );
    expect(twilio.messages).toHaveLength(1);
    expect(apns.received).toHaveLength(1);
    expect(webPush.deliveries).toHaveLength(1);

    await app.close();

    await until(
      () => Object.values(open()).every((n) => n === 0),
      () => `connections still open after app.close(): ${JSON.stringify(open())}`,
    );
    expect(open()).toEqual({ twilio: 0, fcm: 0, apns: 0, webpush: 0, sendgrid: 0, smtp: 0 });
  });
});
