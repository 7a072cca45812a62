import type { DynamicModule, INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  MailerModule,
  NotificationModule,
  NotificationWebhooksModule,
  type NotificationWebhooksRoutes,
} from '@herald/notification';
import { NotifierModule } from '@herald/notification/notifier';
import type {
  FakeSendgridServer,
  FakeSesServer,
  FakeTwilioServer,
} from '@herald/notification/testing';
import { memorySqlite } from './sqlite.js';
import { deliveryAppBase, INLINE_DELIVERY, listenForWebhookApp } from './webhook-app-server.js';
import { createPrivateSchema } from './pg-schema.js';

let seq = 0;

export interface WebhooksTestApp {
  app: INestApplication;
  /** `http://127.0.0.1:<port>` the app listens on. */
  url: string;
  close(): Promise<void>;
}

/**
 * The notifier (SMS through the fake Twilio, mail through the fake SendGrid,
 * inline delivery, records in SQLite or a private PostgreSQL schema) plus
 * `NotificationWebhooksModule`, served over HTTP with `rawBody: true`. The
 * port is taken before the app is built, so the Twilio backend's
 * `statusCallbackUrl` can point at it and SendGrid's `eventWebhookUrl` is set;
 * `imports` (e.g. `SuppressionModule`) booted beside. With `fakes.ses`, mail
 * goes through the fake SES (primary) and its SNS notifications are accepted.
 */
export async function startWebhooksApp(
  db: 'sqlite' | 'postgres',
  fakes: { twilio: FakeTwilioServer; sendgrid: FakeSendgridServer; ses?: FakeSesServer },
  routes: NotificationWebhooksRoutes = {},
  imports: DynamicModule[] = [],
): Promise<WebhooksTestApp> {
  const http = await listenForWebhookApp();
  const url = http.url;
  const schema =
    db === 'postgres'
      ? await createPrivateSchema(`herald_webhooks_test_${process.pid}_${++seq}`)
      : undefined;
  const database = schema ? { ...schema.options, extra: { max: 5 } } : memorySqlite();
  const moduleRef = await Test.createTestingModule({
    imports: [
      ...deliveryAppBase(database),
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
              statusCallbackUrl: `${url}/${routes.twilioStatus || 'webhooks/twilio/status'}`,
            },
          },
        ],
        delivery: INLINE_DELIVERY,
      }),
      MailerModule.forRoot({
        backends: [
          {
            name: 'sendgrid',
            primary: !fakes.ses,
            driver: 'sendgrid',
            fromEmail: 'noreply@herald.test',
            sendgrid: { apiKey: fakes.sendgrid.apiKey, baseUrl: fakes.sendgrid.url },
          },
          ...(fakes.ses
            ? [
                {
                  name: 'ses',
                  primary: true,
                  driver: 'ses' as const,
                  fromEmail: 'noreply@herald.test',
                  ses: {
                    region: fakes.ses.region,
                    accessKeyId: fakes.ses.accessKeyId,
                    secretAccessKey: fakes.ses.secretAccessKey,
                    endpoint: fakes.ses.url,
                    configurationSetName: 'herald-events',
                  },
                },
              ]
            : []),
        ],
      }),
      NotifierModule.forRoot({ store: 'database' }),
      NotificationWebhooksModule.forRoot({
        twilio: { authToken: fakes.twilio.authToken },
        sendgrid: { publicKey: fakes.sendgrid.webhookPublicKey },
        ...(fakes.ses
          ? {
              ses: {
                topicArns: [fakes.ses.topicArn],
                certificateHostPattern: /^127\.0\.0\.1$/,
                trustedCa: fakes.ses.snsCa,
              },
            }
          : {}),
        routes,
      }),
      ...imports,
    ],
  }).compile();
  const app = await http.serve(moduleRef);
  fakes.sendgrid.eventWebhookUrl = `${url}/${routes.sendgridEvents || 'webhooks/sendgrid/events'}`;
  if (fakes.ses) fakes.ses.notificationUrl = `${url}/${routes.sesEvents || 'webhooks/ses/events'}`;
  return {
    app,
    url,
    close: async () => {
      await http.close();
      await schema?.drop();
    },
  };
}
