import { requireOptional } from '@herald/contracts/internal';
import type * as BullMQ from 'bullmq';

/** Where the queue lives and what it is called. */
export interface BullmqQueueOptions {
  /** @default 'redis://127.0.0.1:6379' */
  redisUrl?: string;
  /** @default 'herald-delivery' */
  queueName?: string;
  /** Redis key prefix. @default 'herald' */
  prefix?: string;
}

export const loadBullmq = (): typeof BullMQ =>
  requireOptional<typeof BullMQ>('bullmq', 'queued delivery (notification.delivery.queue: bullmq)');

/** BullMQ connection options from a redis URL (BullMQ opens its own ioredis clients). */
export function connectionFromUrl(url = 'redis://127.0.0.1:6379'): BullMQ.ConnectionOptions {
  const parsed = new URL(url);
  return {
    host: parsed.hostname || '127.0.0.1',
    port: Number(parsed.port || 6379),
    username: parsed.username ? decodeURIComponent(parsed.username) : undefined,
    password: parsed.password ? decodeURIComponent(parsed.password) : undefined,
    db: parsed.pathname && parsed.pathname.length > 1 ? Number(parsed.pathname.slice(1)) : 0,
    tls: parsed.protocol === 'rediss:' ? {} : undefined,
    maxRetriesPerRequest: null,
  };
}
