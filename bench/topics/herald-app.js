/**
 * Herald's side of bench/topics as a user would set it up: one Nest
 * application context with TypeORM on PostgreSQL (the bench's private
 * schema, migrated), reliable delivery on BullMQ with its records in the
 * database, and NotifierModule with topics (database topic store) and a
 * custom channel `bench` handing each message to the bench provider. The
 * same module runs the caller (`worker: false`: `notify()` only enqueues
 * the fan-out job) and the workers (`worker: true`: the topic fan-out worker
 * and the delivery worker).
 */
require('reflect-metadata');
const { Injectable, Module } = require('@nestjs/common');
const { NestFactory } = require('@nestjs/core');
const { TypeOrmModule } = require('@nestjs/typeorm');
const { ObservabilityModule } = require('@herald/observability');
const { Notification, NotificationModule, NotifierModule } = require('@herald/notification');
const { accept } = require('./provider');
const { pgDataSource } = require('../postgres');

/** What the bench sends to a topic: one message on the `bench` channel. */
class ReleasePublished extends Notification {
  constructor(version) {
    super();
    this.version = version;
  }
  via() {
    return ['bench'];
  }
  toBench() {
    return { text: `version ${this.version} is out` };
  }
}

/** The custom channel: the bench provider, one message per delivery. */
class BenchChannel {
  name = 'bench';
  async send(recipient, rendered, context) {
    return { messageId: accept(recipient.id, rendered.text, context.idempotencyKey) };
  }
}
Injectable()(BenchChannel);

/**
 * The application context; `worker` runs the fan-out and delivery workers
 * here, `concurrency` deliveries at once, `batchSize` subscribers a page.
 */
async function startHeraldApp({ schema, queueName, prefix, worker, concurrency, batchSize }) {
  class TopicsBenchModule {}
  Module({
    imports: [
      ObservabilityModule,
      TypeOrmModule.forRoot(pgDataSource(schema, { extra: { max: 10 } })),
      NotificationModule.forRoot({
        delivery: {
          enabled: true,
          queue: 'bullmq',
          store: 'database',
          queueName,
          queuePrefix: prefix,
          worker,
          concurrency,
        },
      }),
      NotifierModule.forRoot(
        { store: 'database', topics: { batchSize, notifications: [ReleasePublished] } },
        { channels: [BenchChannel] },
      ),
    ],
  })(TopicsBenchModule);
  const app = await NestFactory.createApplicationContext(TopicsBenchModule, { logger: false });
  await app.init();
  return app;
}

module.exports = { startHeraldApp, ReleasePublished };
