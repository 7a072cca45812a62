import { createHmac, generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  MAILER,
  SMS_CHANNEL,
  type MailerProtocol,
  type SMSChannelProtocol,
} from '@herald/contracts';
import { ObservabilityModule } from '@herald/observability';
import {
  MailerModule,
  NotificationModule,
  NotificationWebhooksModule,
  signUnsubscribeToken,
  SuppressionModule,
  type UnsubscribeClaim,
} from '@herald/notification';
import {
  CreateDeliveryRecords1732400000000,
  NOTIFIER_MIGRATIONS,
} from '@herald/notification/typeorm';
import { FakeSendgridServer, FakeTwilioServer } from '@herald/notification/testing';
import { PLANT, type OutputCapture } from './fuzz.js';
import { createPrivateSchema } from './pg-schema.js';

let seq = 0;

/** What docs/webhooks.md sets as `twilio.publicUrl`: Twilio signs the URL it called there. */
export const PUBLIC_URL = 'https://api.example.com';
/** The routes of the docs' wiring (SendGrid moved to `hooks/sendgrid` as the guide shows). */
export const ROUTES = {
  twilioStatus: '/webhooks/twilio/status',
  twilioInbound: '/webhooks/twilio/inbound',
  sendgridEvents: '/hooks/sendgrid',
  unsubscribe: '/mail/unsubscribe',
} as const;

/** The app's secrets: each starts with PLANT, so a leak is found anywhere. */
export const SECRETS = {
  twilioAuthToken: `${PLANT}-twilio-auth-token`,
  unsubscribeSecret: `${PLANT}-unsubscribe-secret-0123456789abcdef`,
  sendgridApiKey: `SG.${PLANT}-sendgrid-api-key`,
  databasePassword: `${PLANT}-pg-password`,
};

export interface DocsWebhooksApp {
  app: INestApplication;
  url: string;
  /** Provider message ids of sent messages whose records the webhooks can move. */
  twilioSids: string[];
  sendgridIds: string[];
  /** SendGrid's signing key (its public half is configured in the app). */
  sendgridKey: KeyObject;
  close(): Promise<void>;
}

/**
 * An app wired as docs/webhooks.md and docs/suppression.md show:
 * `EventEmitterModule`, `NotificationModule` (delivery records in the
 * database), `NotificationWebhooksModule` with `twilio.publicUrl`, the
 * SendGrid key and `routes: { sendgridEvents: 'hooks/sendgrid' }`,
 * `SuppressionModule` with the database store and one-click unsubscribe at
 * `mail/unsubscribe`, created with `NestFactory.create(AppModule, { rawBody: true })`.
 * Behind it: a private PostgreSQL schema and the fake Twilio and SendGrid
 * servers; a few SMS and mails are sent so their records can move.
 */
export async function startDocsWebhooksApp(logger: OutputCapture): Promise<DocsWebhooksApp> {
  const schema = await createPrivateSchema(`herald_docs_webhooks_${process.pid}_${++seq}`);
  const twilio = await new FakeTwilioServer({ authToken: SECRETS.twilioAuthToken }).start();
  const sendgrid = await new FakeSendgridServer(SECRETS.sendgridApiKey).start();
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });

  @Module({
    imports: [
      ObservabilityModule,
      EventEmitterModule.forRoot(),
      TypeOrmModule.forRoot({
        ...schema.options,
        // trust authentication: the password is carried, never checked
        password: SECRETS.databasePassword,
        extra: { max: 5 },
        migrations: [CreateDeliveryRecords1732400000000, ...NOTIFIER_MIGRATIONS],
        migrationsRun: true,
        synchronize: false,
      }),
      NotificationModule.forRoot({
        smsBackends: [
          {
            name: 'twilio',
            primary: true,
            driver: 'twilio',
            twilio: {
              accountSid: twilio.accountSid,
              authToken: SECRETS.twilioAuthToken,
              fromNumber: '+15005550006',
              baseUrl: twilio.url,
            },
          },
        ],
        delivery: { enabled: true, queue: 'inline', store: 'database', retryAttempts: 1 },
      }),
      MailerModule.forRoot({
        backends: [
          {
            name: 'sendgrid',
            primary: true,
            driver: 'sendgrid',
            fromEmail: 'noreply@herald.test',
            sendgrid: { apiKey: SECRETS.sendgridApiKey, baseUrl: sendgrid.url },
          },
        ],
      }),
      NotificationWebhooksModule.forRoot({
        twilio: { authToken: SECRETS.twilioAuthToken, publicUrl: PUBLIC_URL },
        sendgrid: {
          publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
        },
        routes: { sendgridEvents: 'hooks/sendgrid' },
      }),
      SuppressionModule.forRoot({
        store: 'database',
        unsubscribe: {
          secret: SECRETS.unsubscribeSecret,
          url: 'https://app.example.com/mail/unsubscribe',
          route: 'mail/unsubscribe',
        },
      }),
    ],
  })
  class AppModule {}

  const app = await NestFactory.create(AppModule, { rawBody: true, logger });
  await app.listen(0, '127.0.0.1');
  const url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  const sms = app.get<SMSChannelProtocol>(SMS_CHANNEL);
  const mailer = app.get<MailerProtocol>(MAILER);
  for (let i = 0; i < 3; i++) {
    await sms.send({ to: `+1500555000${i}`, body: `hello ${i}` });
    await mailer.send({ to: [`reader${i}@example.com`], subject: 'Hi', text: 'x' });
  }
  return {
    app,
    url,
    twilioSids: [...twilio.sids],
    sendgridIds: [...sendgrid.messageIds],
    sendgridKey: privateKey,
    close: async () => {
      await app.close();
      await twilio.stop();
      await sendgrid.stop();
      await schema.drop();
    },
  };
}

/** `X-Twilio-Signature` of a form posted to `path` (HMAC-SHA1 over URL and sorted parameters). */
export function twilioSignatureFor(token: string, path: string, form: URLSearchParams): string {
  const pairs = [...form.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const hmac = createHmac('sha1', token).update(PUBLIC_URL + path, 'utf8');
  for (const [key, value] of pairs) hmac.update(key + value, 'utf8');
  return hmac.digest('base64');
}

/** The headers of SendGrid's Signed Event Webhook for `body`, signed now (or at `timestamp`). */
export function sendgridHeaders(
  key: KeyObject,
  body: string | Buffer,
  timestamp = String(Math.floor(Date.now() / 1000)),
): Record<string, string> {
  const signature = sign(
    'sha256',
    Buffer.concat([Buffer.from(timestamp), Buffer.from(body)]),
    key,
  ).toString('base64');
  return {
    'content-type': 'application/json',
    'x-twilio-email-event-webhook-signature': signature,
    'x-twilio-email-event-webhook-timestamp': timestamp,
  };
}

/** A one-click unsubscribe token signed with the app's secret; any claim values. */
export function unsubscribeToken(claim: {
  address: unknown;
  category: unknown;
  expiresAt: unknown;
}): string {
  return signUnsubscribeToken(SECRETS.unsubscribeSecret, claim as UnsubscribeClaim);
}
