import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { DynamicModule, INestApplication, Type } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { ExpressAdapter } from '@nestjs/platform-express';
import type { TestingModule } from '@nestjs/testing';
import { TypeOrmModule } from '@nestjs/typeorm';
import express from 'express';
import { ObservabilityModule } from '@herald/observability';
import {
  CreateDeliveryRecords1732400000000,
  NOTIFIER_MIGRATIONS,
} from '@herald/notification/typeorm';
import { memorySqlite } from './sqlite.js';

/**
 * An HTTP server on a free 127.0.0.1 port, listening before the Nest app is
 * built: the app's callback URLs (`statusCallbackUrl`, a fake's webhook URL)
 * need its address first.
 */
export interface WebhookAppServer {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** Inits the app of `moduleRef` (Express, raw bodies kept for webhook signatures) and serves it. */
  serve(moduleRef: TestingModule): Promise<INestApplication>;
  /** Drops open connections, stops listening, then closes the app if one is served. */
  close(): Promise<void>;
}

export async function listenForWebhookApp(): Promise<WebhookAppServer> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  let app: INestApplication | undefined;
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async serve(moduleRef) {
      const expressApp = express();
      app = moduleRef.createNestApplication(new ExpressAdapter(expressApp), { rawBody: true });
      await app.init();
      server.on('request', expressApp);
      return app;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await app?.close();
    },
  };
}

/** Delivery that sends in the request, records in the database and tries once. */
export const INLINE_DELIVERY = {
  enabled: true,
  queue: 'inline',
  store: 'database',
  retryAttempts: 1,
} as const;

/**
 * What every webhook app boots first: observability, the event emitter, and
 * TypeORM on `database` (default: a private in-memory SQLite) with the
 * delivery records and the notifier's tables, migrated at start.
 */
export function deliveryAppBase(
  database: Parameters<typeof TypeOrmModule.forRoot>[0] = memorySqlite(),
): Array<Type | DynamicModule> {
  return [
    ObservabilityModule,
    EventEmitterModule.forRoot(),
    TypeOrmModule.forRoot({
      ...database,
      migrations: [CreateDeliveryRecords1732400000000, ...NOTIFIER_MIGRATIONS],
      migrationsRun: true,
      synchronize: false,
    } as Parameters<typeof TypeOrmModule.forRoot>[0]),
  ];
}
