import { randomUUID } from 'node:crypto';
import { DeliveryError } from '../../errors/delivery.error';
import type { DeliveryChannel, DeliveryRecord } from '../records/delivery-record';
import type { DeliveryQueue } from '../queue/delivery-queue.protocol';
import { deliveryIdFor, deriveIdempotencyKey, type ChannelAdapter } from './channel-adapters';
import type { DeliveryBackend, DeliveryEngine } from './delivery-engine';

export interface DeliveryServiceOptions {
  engine: DeliveryEngine;
  /** Producer side of the queue; absent means inline delivery. */
  queue?: DeliveryQueue;
  /** Window of keys derived from message content (queued mode). @default 3600000 */
  idempotencyWindowMs?: number;
}

/** What every reliable send answers: the channel's result plus the delivery record's id. */
export type WithDeliveryId<R> = R & { deliveryId: string };

/**
 * Front door of reliable delivery. Backends are registered by channel and
 * name; `send` creates the record, then delivers inline (retry + failover in
 * the caller) or enqueues it (BullMQ) and returns the delivery id at once.
 * Workers look backends up here by the names carried in the job.
 */
export class DeliveryService {
  readonly engine: DeliveryEngine;
  readonly queue?: DeliveryQueue;
  private readonly idempotencyWindowMs: number;
  private readonly backends = new Map<string, DeliveryBackend>();

  constructor(options: DeliveryServiceOptions) {
    this.engine = options.engine;
    this.queue = options.queue;
    this.idempotencyWindowMs = options.idempotencyWindowMs ?? 3_600_000;
  }

  get mode(): 'inline' | 'bullmq' {
    return this.queue ? 'bullmq' : 'inline';
  }

  register(channel: DeliveryChannel, backend: DeliveryBackend<any, any>): this {
    this.backends.set(`${channel}:${backend.name}`, backend);
    return this;
  }

  /** A registered backend; throws naming the known ones when absent. */
  backend(channel: DeliveryChannel, name: string): DeliveryBackend {
    const found = this.backends.get(`${channel}:${name}`);
    if (found) return found;
    const known = [...this.backends.keys()].filter((k) => k.startsWith(`${channel}:`));
    throw new DeliveryError(
      `no ${channel} backend named "${name}" is registered for delivery (known: ${known.join(', ') || 'none'}); ` +
        `register it with DeliveryService.register() in every process that runs workers`,
      { reason: 'bad_request', channel },
    );
  }

  /** Sends `message` over `chain` (backend names: primary first, then fallbacks). */
  async send<M, R>(
    adapter: ChannelAdapter<M, R>,
    chain: readonly string[],
    message: M,
  ): Promise<WithDeliveryId<R>> {
    const { channel } = adapter;
    const given = adapter.keyOf(message);
    const key =
      given ??
      (this.queue
        ? deriveIdempotencyKey(adapter.contentOf(message), this.idempotencyWindowMs)
        : undefined);
    const id = key ? deliveryIdFor(channel, key) : `dlv_${randomUUID().replace(/-/g, '')}`;
    const { record, created } = await this.engine.store.create({
      id,
      channel,
      backend: chain[0],
      recipient: adapter.recipientOf(message),
      idempotencyKey: key,
    });
    const keyed = key ? adapter.withKey(message, key) : message;
    if (this.queue) {
      if (created || record.status === 'queued') {
        await this.queue.enqueue({
          id,
          channel,
          backends: [...chain],
          message: adapter.toJob(keyed),
        });
      }
      return { ...adapter.queuedResult(id, record.backend, message), deliveryId: id };
    }
    if (!created) return this.replay(adapter, record, message);
    const backends = chain.map((name) => this.backend(channel, name)) as DeliveryBackend<M, R>[];
    const { result } = await this.engine.deliver(id, channel, backends, keyed, adapter.messageIdOf);
    return { ...result, deliveryId: id };
  }

  /** A repeated inline send: report the first one's outcome without sending again. */
  private replay<M, R>(
    adapter: ChannelAdapter<M, R>,
    record: DeliveryRecord,
    message: M,
  ): WithDeliveryId<R> {
    if (record.status === 'failed' || record.status === 'dead') {
      throw new DeliveryError(
        `delivery "${record.id}" with this idempotency key already ended ${record.status}: ${record.lastError ?? ''}`,
        { reason: 'bad_request', channel: adapter.channel, backend: record.backend },
      );
    }
    const base = adapter.queuedResult(
      record.providerMessageId ?? record.id,
      record.backend,
      message,
    );
    return { ...base, deliveryId: record.id };
  }
}
