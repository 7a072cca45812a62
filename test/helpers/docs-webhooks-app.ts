import { createHmac, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { Module, type INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { TypeOrmModule } from '@nestjs/typeorm';
import {
  getMailerToken,
  getSmsChannelToken,
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
import {
  FakeSendgridServer,
  FakeSesServer,
  FakeTwilioServer,
  FakeVonageServer,
  type SnsCallbackOptions,
} from '@herald/notification/testing';
import { PLANT, type OutputCapture, type RawRequest } from './fuzz.js';
import { createPrivateSchema } from './pg-schema.js';

let seq = 0;

/** What docs/webhooks.md sets as `twilio.publicUrl`: Twilio signs the URL it called there. */
export const PUBLIC_URL = 'https://api.example.com';
/** The routes of the docs' wiring (SendGrid moved to `hooks/sendgrid` as the guide shows). */
export const ROUTES = {
  twilioStatus: '/webhooks/twilio/status',
  twilioInbound: '/webhooks/twilio/inbound',
  sendgridEvents: '/hooks/sendgrid',
  sesEvents: '/webhooks/ses/events',
  postmarkEvents: '/webhooks/postmark/events',
  mailgunEvents: '/webhooks/mailgun/events',
  resendEvents: '/webhooks/resend/events',
  vonageDlr: '/webhooks/vonage/dlr',
  unsubscribe: '/mail/unsubscribe',
} as const;

/** The app's secrets: each starts with PLANT, so a leak is found anywhere. */
export const SECRETS = {
  twilioAuthToken: `${PLANT}-twilio-auth-token`,
  unsubscribeSecret: `${PLANT}-unsubscribe-secret-0123456789abcdef`,
  sendgridApiKey: `SG.${PLANT}-sendgrid-api-key`,
  databasePassword: `${PLANT}-pg-password`,
  sesSecretAccessKey: `${PLANT}-ses-secret-access-key`,
  postmarkPassword: `${PLANT}-postmark-webhook-password`,
  mailgunSigningKey: `${PLANT}-mailgun-signing-key`,
  // a whsec_ secret is base64: its bytes carry the plant, its text cannot
  resendSecret: `whsec_${Buffer.from(`${PLANT}-resend-webhook-secret`).toString('base64')}`,
  vonageApiSecret: `${PLANT}-vonage-api-secret`,
  vonageSignatureSecret: `${PLANT}-vonage-signature-secret`,
};

/** The Basic auth user of the Postmark webhook URL. */
export const POSTMARK_USER = 'postmark-hooks';

export interface DocsWebhooksApp {
  app: INestApplication;
  url: string;
  /** Provider message ids of sent messages whose records the webhooks can move. */
  twilioSids: string[];
  sendgridIds: string[];
  vonageIds: string[];
  /** SendGrid's signing key (its public half is configured in the app). */
  sendgridKey: KeyObject;
  /** SES `MessageId`s of mails sent through the `ses` backend. */
  sesIds: string[];
  /** The fake SES + SNS whose topic and certificate host the app trusts. */
  ses: FakeSesServer;
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
  const ses = await new FakeSesServer({ secretAccessKey: SECRETS.sesSecretAccessKey }).start();
  const vonage = await new FakeVonageServer({
    apiSecret: SECRETS.vonageApiSecret,
    signatureSecret: SECRETS.vonageSignatureSecret,
  }).start();
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
          {
            name: 'vonage',
            driver: 'vonage',
            vonage: {
              apiKey: vonage.apiKey,
              apiSecret: SECRETS.vonageApiSecret,
              from: 'Herald',
              baseUrl: vonage.url,
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
          {
            name: 'ses',
            driver: 'ses',
            fromEmail: 'noreply@herald.test',
            ses: {
              region: ses.region,
              accessKeyId: ses.accessKeyId,
              secretAccessKey: SECRETS.sesSecretAccessKey,
              endpoint: ses.url,
            },
          },
        ],
      }),
      NotificationWebhooksModule.forRoot({
        twilio: { authToken: SECRETS.twilioAuthToken, publicUrl: PUBLIC_URL },
        sendgrid: {
          publicKey: publicKey.export({ format: 'der', type: 'spki' }).toString('base64'),
        },
        ses: {
          topicArns: [ses.topicArn],
          certificateHostPattern: /^127\.0\.0\.1$/,
          trustedCa: ses.snsCa,
        },
        postmark: { username: POSTMARK_USER, password: SECRETS.postmarkPassword },
        mailgun: { signingKey: SECRETS.mailgunSigningKey },
        resend: { secret: SECRETS.resendSecret },
        vonage: { signatureSecret: SECRETS.vonageSignatureSecret },
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
  const sesMailer = app.get<MailerProtocol>(getMailerToken('ses'));
  const vonageSms = app.get<SMSChannelProtocol>(getSmsChannelToken('vonage'));
  for (let i = 0; i < 3; i++) {
    await sms.send({ to: `+1500555000${i}`, body: `hello ${i}` });
    await vonageSms.send({ to: `+4477009000${i}0`, body: `hello ${i}` });
    await mailer.send({ to: [`reader${i}@example.com`], subject: 'Hi', text: 'x' });
    await sesMailer.send({ to: [`ses-reader${i}@example.com`], subject: 'Hi', text: 'x' });
  }
  return {
    app,
    url,
    twilioSids: [...twilio.sids],
    sendgridIds: [...sendgrid.messageIds],
    vonageIds: [...vonage.messageIds],
    sendgridKey: privateKey,
    sesIds: [...ses.messageIds],
    ses,
    close: async () => {
      await app.close();
      await ses.stop();
      await twilio.stop();
      await sendgrid.stop();
      await vonage.stop();
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

/**
 * A Vonage DLR form with `timestamp` (now, or the one given), `nonce` and
 * `sig`: HMAC-SHA256 over the `&name=value` pairs sorted by name (`&` and
 * `=` in values as `_`), keyed with the signature secret.
 */
export function vonageSignedParams(
  fields: Array<[string, string]> | Record<string, string>,
  secret: string = SECRETS.vonageSignatureSecret,
  timestamp = String(Math.floor(Date.now() / 1000)),
): URLSearchParams {
  const form = new URLSearchParams(fields);
  form.set('timestamp', timestamp);
  form.set('nonce', randomBytes(6).toString('hex'));
  const pairs = [...form.entries()]
    .filter(([key]) => key !== 'sig')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const signed = pairs.map(([k, v]) => `&${k}=${v.replace(/[&=]/g, '_')}`).join('');
  form.set('sig', createHmac('sha256', secret).update(signed, 'utf8').digest('hex'));
  return form;
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

/** `Authorization: Basic` of the Postmark webhook URL (or of other credentials). */
export function postmarkHeaders(
  username = POSTMARK_USER,
  password = SECRETS.postmarkPassword,
): Record<string, string> {
  return {
    'content-type': 'application/json',
    authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}`,
  };
}

/** A Mailgun webhook body around `eventData`, signed now (or at `timestamp`, or with `key`). */
export function mailgunBody(
  eventData: unknown,
  options: { timestamp?: string; token?: string; key?: string } = {},
): string {
  const timestamp = options.timestamp ?? String(Math.floor(Date.now() / 1000));
  const token = options.token ?? randomBytes(25).toString('hex');
  const signature = createHmac('sha256', options.key ?? SECRETS.mailgunSigningKey)
    .update(timestamp + token)
    .digest('hex');
  return JSON.stringify({ signature: { timestamp, token, signature }, 'event-data': eventData });
}

/** The Svix headers Resend sends for `body`, signed now (or at `timestamp`, or with `secret`). */
export function resendHeaders(
  body: string,
  options: { timestamp?: string; id?: string; secret?: string } = {},
): Record<string, string> {
  const id = options.id ?? `msg_${randomBytes(12).toString('hex')}`;
  const timestamp = options.timestamp ?? String(Math.floor(Date.now() / 1000));
  const key = Buffer.from(
    (options.secret ?? SECRETS.resendSecret).slice('whsec_'.length),
    'base64',
  );
  const signature = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64');
  return {
    'content-type': 'application/json',
    'svix-id': id,
    'svix-timestamp': timestamp,
    'svix-signature': `v1,${signature}`,
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

/** A signed SNS notification carrying `sesEvent`, as JSON text (SNS posts `text/plain`). */
export function sesNotification(
  ctx: DocsWebhooksApp,
  sesEvent: unknown,
  options: SnsCallbackOptions = {},
): RawRequest {
  const message = ctx.ses.notificationMessage(sesEvent as object, options);
  return sesRequest(JSON.stringify(message));
}

/** A POST of `body` to the SES route with SNS's headers. */
export function sesRequest(body: string): RawRequest {
  return {
    method: 'POST',
    path: ROUTES.sesEvents,
    headers: {
      'content-type': 'text/plain; charset=UTF-8',
      'x-amz-sns-message-type': 'Notification',
    },
    body,
  };
}
