import { Injectable, type INestApplicationContext, type Type } from '@nestjs/common';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { NestFactory } from '@nestjs/core';
import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ObservabilityModule } from '@herald/observability';
import { DeliveryError, NotificationModule } from '@herald/notification';
import {
  Notification,
  NotifierModule,
  type ChannelSendContext,
  type NotifierChannel,
  type NotifierOutboxOptions,
  type NotifierTopicOptions,
} from '@herald/notification/notifier';
import { schemaOptions } from './pg-schema.js';

/** A notification that goes out on the `counter` channel only. */
export class Ping extends Notification<{ id: string }> {
  constructor(readonly n: number) {
    super();
  }
  via() {
    return ['counter'];
  }
  toCounter() {
    return { text: `ping ${this.n}` };
  }
}

/** A custom channel posting to the counting provider with the delivery's idempotency key. */
function countingChannel(endpoint: string): Type<NotifierChannel> {
  @Injectable()
  class CountingChannel implements NotifierChannel<{ text: string }> {
    readonly name = 'counter';
    async send(_recipient: unknown, rendered: { text: string }, ctx: ChannelSendContext) {
      const res = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': ctx.idempotencyKey },
        body: JSON.stringify(rendered),
      }).catch((cause: unknown) => {
        throw new DeliveryError(`cannot reach ${endpoint}`, { reason: 'connection', cause });
      });
      if (!res.ok)
        throw new DeliveryError(`provider answered ${res.status}`, {
          reason: DeliveryError.reasonForHttpStatus(res.status),
        });
      return { messageId: ((await res.json()) as { id: string }).id };
    }
  }
  return CountingChannel;
}

export interface OutboxFaultAppOptions {
  schema: string;
  queueName: string;
  prefix: string;
  /** The counting provider's accepting endpoint. */
  endpoint: string;
  /** Run the BullMQ delivery worker here. */
  deliveryWorker: boolean;
  outbox?: NotifierOutboxOptions;
  /** NotifierModule option `topics` (the topics fault test). */
  topics?: NotifierTopicOptions;
  /** Laid over the app's `notification.delivery` (the fan-out fault test's sweeper timing). */
  delivery?: Record<string, unknown>;
}

/**
 * A Nest application context for the outbox fault test: PostgreSQL (the
 * schema is migrated already), BullMQ delivery on the local Redis, the
 * notifier with the outbox and the `counter` channel.
 */
export async function startOutboxFaultApp(
  options: OutboxFaultAppOptions,
): Promise<INestApplicationContext> {
  @Module({
    imports: [
      ObservabilityModule,
      EventEmitterModule.forRoot(),
      TypeOrmModule.forRoot({
        ...schemaOptions(options.schema),
        extra: { max: 10 },
      }),
      NotificationModule.forRoot({
        delivery: {
          enabled: true,
          queue: 'bullmq',
          store: 'database',
          queueName: options.queueName,
          queuePrefix: options.prefix,
          worker: options.deliveryWorker,
          retryAttempts: 3,
          retryBase: 0.01,
          retryCap: 0.05,
          ...options.delivery,
        },
      }),
      NotifierModule.forRoot(
        { outbox: options.outbox ?? false, topics: options.topics },
        { channels: [countingChannel(options.endpoint)] },
      ),
    ],
  })
  class OutboxFaultModule {}
  const app = await NestFactory.createApplicationContext(OutboxFaultModule, { logger: false });
  await app.init();
  return app;
}
