import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import {
  MailerModule,
  NotificationModule,
  NotificationWebhooksModule,
  SuppressionModule,
} from '@herald/notification';
import type {
  FakeMailgunServer,
  FakePostmarkServer,
  FakeResendServer,
} from '@herald/notification/testing';
import { deliveryAppBase, INLINE_DELIVERY, listenForWebhookApp } from './webhook-app-server.js';

/** The three REST mail providers' fakes. */
export interface MailProviderFakes {
  postmark: FakePostmarkServer;
  mailgun: FakeMailgunServer;
  resend: FakeResendServer;
}

export interface MailProvidersApp {
  app: INestApplication;
  url: string;
  close(): Promise<void>;
}

/**
 * Mail backends `postmark`, `mailgun` and `resend` (each through its fake),
 * delivery records in SQLite, `NotificationWebhooksModule` with the three
 * providers' secrets and `SuppressionModule`, served over HTTP with
 * `rawBody: true`; each fake's webhook URL points at its route.
 */
export async function startMailProvidersApp(fakes: MailProviderFakes): Promise<MailProvidersApp> {
  const http = await listenForWebhookApp();
  const url = http.url;
  const from = { fromEmail: 'noreply@herald.test' };
  const moduleRef = await Test.createTestingModule({
    imports: [
      ...deliveryAppBase(),
      NotificationModule.forRoot({
        delivery: INLINE_DELIVERY,
      }),
      MailerModule.forRoot({
        backends: [
          {
            name: 'postmark',
            primary: true,
            driver: 'postmark',
            ...from,
            postmark: { serverToken: fakes.postmark.serverToken, baseUrl: fakes.postmark.url },
          },
          {
            name: 'mailgun',
            driver: 'mailgun',
            ...from,
            mailgun: {
              apiKey: fakes.mailgun.apiKey,
              domain: fakes.mailgun.domain,
              baseUrl: fakes.mailgun.url,
            },
          },
          {
            name: 'resend',
            driver: 'resend',
            ...from,
            resend: { apiKey: fakes.resend.apiKey, baseUrl: fakes.resend.url },
          },
        ],
      }),
      NotificationWebhooksModule.forRoot({
        postmark: {
          username: fakes.postmark.webhookUsername,
          password: fakes.postmark.webhookPassword,
        },
        mailgun: { signingKey: fakes.mailgun.webhookSigningKey },
        resend: { secret: fakes.resend.webhookSecret },
      }),
      SuppressionModule.forRoot({ store: 'database' }),
    ],
  }).compile();
  const app = await http.serve(moduleRef);
  fakes.postmark.webhookUrl = `${url}/webhooks/postmark/events`;
  fakes.mailgun.webhookUrl = `${url}/webhooks/mailgun/events`;
  fakes.resend.webhookUrl = `${url}/webhooks/resend/events`;
  return {
    app,
    url,
    close: async () => {
      await http.close();
    },
  };
}
