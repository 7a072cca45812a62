import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { INestApplication } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { ExpressAdapter } from '@nestjs/platform-express';
import { Test } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import express from 'express';
import type { VonageSignatureMethod } from '@herald/contracts';
import { ObservabilityModule } from '@herald/observability';
import { NotificationModule, NotificationWebhooksModule } from '@herald/notification';
import { NotifierModule } from '@herald/notification/notifier';
import {
  CreateDeliveryRecords1732400000000,
  NOTIFIER_MIGRATIONS,
} from '@herald/notification/typeorm';
import type { FakeVonageServer } from '@herald/notification/testing';
import { memorySqlite } from './sqlite.js';

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
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const method = options.signatureMethod ?? vonage.signatureMethod;
  const moduleRef = await Test.createTestingModule({
    imports: [
      ObservabilityModule,
      EventEmitterModule.forRoot(),
      TypeOrmModule.forRoot({
        ...memorySqlite(),
        migrations: [CreateDeliveryRecords1732400000000, ...NOTIFIER_MIGRATIONS],
        migrationsRun: true,
        synchronize: false,
      }),
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
        delivery: { enabled: true, queue: 'inline', store: 'database', retryAttempts: 1 },
      }),
      NotifierModule.forRoot({ store: 'database' }),
      NotificationWebhooksModule.forRoot({
        vonage: { signatureSecret: vonage.signatureSecret, signatureMethod: method },
      }),
    ],
  }).compile();
  const expressApp = express();
  const app = moduleRef.createNestApplication(new ExpressAdapter(expressApp), { rawBody: true });
  await app.init();
  server.on('request', expressApp);
  return {
    app,
    url,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app.close();
    },
  };
}
