import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import type { VonageSignatureMethod } from '@herald/contracts';
import { NotificationModule, NotificationWebhooksModule } from '@herald/notification';
import { NotifierModule } from '@herald/notification/notifier';
import type { FakeVonageServer } from '@herald/notification/testing';
import { deliveryAppBase, INLINE_DELIVERY, listenForWebhookApp } from './webhook-app-server.js';

export interface VonageTestApp {
  app: INestApplication;
  /** `http://127.0.0.1:<port>` the app listens on. */
  url: string;
  close(): Promise<void>;
}

/**
 * The notifier with one SMS backend on the fake Vonage (api_secret, or
 * signed requests when `signRequests`), inline delivery, records in an
 * in-memory SQLite, and `NotificationWebhooksModule` verifying Vonage DLRs
 * with the fake's signature secret and method, served over HTTP with
 * `rawBody: true`. The port is taken first so `status_callback_url` points
 * at the app's DLR route.
 */
export async function startVonageApp(
  vonage: FakeVonageServer,
  options: { signRequests?: boolean; signatureMethod?: VonageSignatureMethod } = {},
): Promise<VonageTestApp> {
  const http = await listenForWebhookApp();
  const url = http.url;
  const method = options.signatureMethod ?? vonage.signatureMethod;
  const moduleRef = await Test.createTestingModule({
    imports: [
      ...deliveryAppBase(),
      NotificationModule.forRoot({
        smsBackends: [
          {
            name: 'vonage',
            primary: true,
            driver: 'vonage',
            vonage: {
              apiKey: vonage.apiKey,
              ...(options.signRequests
                ? { signatureSecret: vonage.signatureSecret, signatureMethod: method }
                : { apiSecret: vonage.apiSecret }),
              from: 'Herald',
              baseUrl: vonage.url,
              statusCallbackUrl: `${url}/webhooks/vonage/dlr`,
            },
          },
        ],
        delivery: INLINE_DELIVERY,
      }),
      NotifierModule.forRoot({ store: 'database' }),
      NotificationWebhooksModule.forRoot({
        vonage: { signatureSecret: vonage.signatureSecret, signatureMethod: method },
      }),
    ],
  }).compile();
  const app = await http.serve(moduleRef);
  return {
    app,
    url,
    close: async () => {
      await http.close();
    },
  };
}
