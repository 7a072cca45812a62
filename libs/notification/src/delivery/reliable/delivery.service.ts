import { randomUUID } from 'node:crypto';
import type { TracerProtocol } from '@herald/contracts';
import { DeliveryError } from '../../errors/delivery.error.js';
import { DeliverySuppressedError } from '../../errors/delivery-suppressed.error.js';
import type {
  DeliveryChannel,
  DeliveryRecord,
  DeliveryRecordData,
  DeliveryStatus,
} from '../records/delivery-record.js';
import type { DeliveryJob, DeliveryQueue } from '../queue/delivery-queue.protocol.js';
import { tracePublishJobs } from '../queue/queue-tracing.util.js';
import { createRecords } from '../stores/create-records.util.js';
import {
  deliveryIdFor,
  deriveIdempotencyKey,
  CHAT_ADAPTER,
  MAIL_ADAPTER,
  PUSH_ADAPTER,
  SMS_ADAPTER,
  type ChannelAdapter,
} from './channel-adapters.js';
import type { DeliveryBackend, DeliveryEngine } from './delivery-engine.js';
import { normalizeChannel } from '../records/normalize-channel.util.js';
import type { DeliveryGuard, DeliveryGuardVerdict } from './delivery-guard.js';

export interface DeliveryServiceOptions {
  engine: DeliveryEngine;
  /** Producer side of the queue; absent means inline delivery. */
  queue?: DeliveryQueue;
  /** Window of keys derived from message content (queued mode). @default 3600000 */
  idempotencyWindowMs?: number;
  /** Traces enqueues (`publish <queue>`) and the workers' jobs (`process <queue>`). */
  tracer?: TracerProtocol;
}

/** What every reliable send answers: the channel's result plus the delivery record's id. */
export type WithDeliveryId<R> = R & { deliveryId: string };

/** One message of `DeliveryService.sendMany()`. */
export interface DeliveryRequest<M = unknown> {
  adapter: ChannelAdapter<M, any>;
  /** Backend names: primary first, then fallbacks. */
  chain: readonly string[];
  message: M;
  /** The notification the delivery belongs to (stored on the record). */
  notificationId?: string;
  /** Labels the observers see for this delivery, also on the worker side. */
  meta?: Record<string, string>;
  /**
   * Addresses of `message` the sender checked against the suppression list
   * for this very send (the notifier's gates stage): the guards do not look
   * them up again. Not stored; a queue worker's recheck looks at every address.
   */
  screened?: readonly string[];
  /**
   * What the sender already knows of the record's channel fields (the
   * notifier's SMS segments, counted when it rendered the text): the
   * adapter's `recordFieldsOf` is not asked again. Dropped when a guard
   * rewrites the message.
   */
  recordFields?: Partial<Pick<DeliveryRecordData, 'smsSegments' | 'smsEncoding'>>;
}

/** How one message of `sendMany()` ended (inline) or where it stands (queued). */
export interface DeliveryOutcome {
  deliveryId: string;
  status: DeliveryStatus;
  /** The error of an inline delivery that failed. */
  error?: unknown;
}

/** Inline `sendMany()` delivers this many messages at once. */
const INLINE_CONCURRENCY = 32;
/** Queued `sendMany()` writes records and adds jobs this many at a time. */
const ENQUEUE_SLICE = 2500;
/** What `recheck` answers without guards: one settled promise, not one per job. */
const SEND_VERDICT: Promise<DeliveryGuardVerdict> = Promise.resolve(
  Object.freeze({ action: 'send' as const }),
);

/**
 * Front door of reliable delivery. Backends are registered by channel and
 * name; `send` creates the record, then delivers inline (retry + failover in
 * the caller) or enqueues it (BullMQ) and returns the delivery id at once.
 * Workers look backends and channel adapters up here by the names carried in
 * the job.
 */
export class DeliveryService {
  readonly engine: DeliveryEngine;
  readonly queue?: DeliveryQueue;
  readonly tracer?: TracerProtocol;
  private readonly idempotencyWindowMs: number;
  private readonly backends = new Map<string, DeliveryBackend>();
  private readonly guards: DeliveryGuard[] = [];
  private readonly adapters = new Map<string, ChannelAdapter<any, any>>([
    [SMS_ADAPTER.channel, SMS_ADAPTER],
    [PUSH_ADAPTER.channel, PUSH_ADAPTER],
    [MAIL_ADAPTER.channel, MAIL_ADAPTER],
    [CHAT_ADAPTER.channel, CHAT_ADAPTER],
  ]);

  constructor(options: DeliveryServiceOptions) {
    this.engine = options.engine;
    this.queue = options.queue;
    this.tracer = options.tracer;
    this.idempotencyWindowMs = options.idempotencyWindowMs ?? 3_600_000;
  }

  get mode(): 'inline' | 'bullmq' {
    return this.queue ? 'bullmq' : 'inline';
  }

  /**
   * Registers a backend of `channel`; for a channel other than `sms`, `push`
   * and `mail` (`email` is read as `mail`), also give its `adapter` (once is enough).
   */
  register(
    channel: DeliveryChannel,
    backend: DeliveryBackend<any, any>,
    adapter?: ChannelAdapter<any, any>,
  ): this {
    channel = normalizeChannel(channel);
    if (adapter) this.adapters.set(channel, adapter);
    this.backends.set(`${channel}:${backend.name}`, backend);
    return this;
  }

  /** A registered backend; throws naming the known ones when absent. */
  backend(channel: DeliveryChannel, name: string): DeliveryBackend {
    channel = normalizeChannel(channel);
    const found = this.backends.get(`${channel}:${name}`);
    if (found) return found;
    const known = [...this.backends.keys()].filter((k) => k.startsWith(`${channel}:`));
    throw new DeliveryError(
      `no ${channel} backend named "${name}" is registered for delivery (known: ${known.join(', ') || 'none'}); ` +
        `register it with DeliveryService.register() in every process that runs workers`,
      { reason: 'bad_request', channel },
    );
  }

  /** How messages of `channel` are read and (de)serialised; throws naming the known channels when absent. */
  adapter(channel: DeliveryChannel): ChannelAdapter<any, any> {
    channel = normalizeChannel(channel);
    const found = this.adapters.get(channel);
    if (found) return found;
    throw new DeliveryError(
      `no channel adapter for "${channel}" (known: ${[...this.adapters.keys()].join(', ')}); ` +
        'register the channel with DeliveryService.register(channel, backend, adapter) in every process that runs workers',
      { reason: 'bad_request', channel },
    );
  }

  /**
   * Adds a guard consulted before every send (the suppression list, the
   * unsubscribe headers); returns a function that removes it.
   */
  guard(guard: DeliveryGuard): () => void {
    this.guards.push(guard);
    return () => {
      const at = this.guards.indexOf(guard);
      if (at >= 0) this.guards.splice(at, 1);
    };
  }

  /**
   * Sends `message` over `chain` (backend names: primary first, then
   * fallbacks). A guard's refusal (a suppressed address) records the
   * delivery `suppressed` and rejects with a `DeliverySuppressedError`; no
   * provider is called.
   */
  async send<M, R>(
    adapter: ChannelAdapter<M, R>,
    chain: readonly string[],
    original: M,
  ): Promise<WithDeliveryId<R>> {
    const { channel } = adapter;
    let message = original;
    if (this.guards.length > 0) {
      const [verdict] = await this.screen([{ adapter, chain, message }]);
      if (verdict.action === 'suppress') {
        const { record } = await this.recordSuppressed({ adapter, chain, message }, verdict.reason);
        this.engine.countSuppressed(channel);
        throw new DeliverySuppressedError(record.id, verdict.reason, channel, chain[0]);
      }
      message = (verdict.message as M | undefined) ?? message;
    }
    const { id, keyed, input, job } = this.prepare({ adapter, chain, message });
    const { record, created } = await this.engine.store.create(input);
    if (job) {
      const added = jobToAdd(job, record, created);
      if (added) await this.enqueue([added]);
      return Object.assign({}, adapter.queuedResult(id, record.backend, message), {
        deliveryId: id,
      });
    }
    if (!created) return this.replay(adapter, record, message);
    const backends = this.chainOf(channel, chain) as DeliveryBackend<M, R>[];
    const { result } = await this.engine.deliver(
      id,
      channel,
      backends,
      keyed,
      adapter.messageIdOf,
      undefined,
      record,
    );
    return Object.assign({}, result, { deliveryId: id });
  }

  /**
   * Sends many messages: their records in multi-row inserts (when the store
   * has `createMany`) and, queued, their jobs with `addBulk` (one `publish`
   * span a slice of 2500, the next slice's records written meanwhile);
   * inline, up to 32 delivered at once. Never rejects for
   * a message's failure: each outcome says how it ended (inline) or that it
   * is `queued`. A message whose record exists already (same idempotency key)
   * is not sent again.
   */
  async sendMany(requests: readonly DeliveryRequest[]): Promise<DeliveryOutcome[]> {
    if (this.guards.length === 0 || requests.length === 0) return this.sendAll(requests);
    const verdicts = await this.screen(requests);
    const passing: DeliveryRequest[] = [];
    const refused: Array<{ request: DeliveryRequest; reason: string }> = [];
    verdicts.forEach((verdict, i) => {
      const request = requests[i];
      if (verdict.action === 'suppress') refused.push({ request, reason: verdict.reason });
      else
        passing.push(
          verdict.message === undefined
            ? request
            : { ...request, message: verdict.message, recordFields: undefined },
        );
    });
    const stored = await createRecords(
      this.engine.store,
      refused.map(({ request, reason }) => this.suppressedInput(request, reason)),
    );
    for (const { request } of refused) this.engine.countSuppressed(request.adapter.channel);
    const sent = await this.sendAll(passing);
    let p = 0;
    let r = 0;
    return verdicts.map((verdict) => {
      if (verdict.action !== 'suppress') return sent[p++];
      const { record } = stored[r];
      const { request, reason } = refused[r++];
      return {
        deliveryId: record.id,
        status: record.status,
        error: new DeliverySuppressedError(
          record.id,
          reason,
          request.adapter.channel,
          request.chain[0],
        ),
      };
    });
  }

  /**
   * What the guards answer for one message now (queue workers ask again
   * before the first attempt: an address suppressed after the enqueue is not
   * sent). `send` when there is no guard.
   */
  recheck(
    channel: DeliveryChannel,
    message: unknown,
    meta?: Readonly<Record<string, string>>,
  ): Promise<DeliveryGuardVerdict> {
    if (this.guards.length === 0) return SEND_VERDICT;
    return this.screenOne(channel, message, meta);
  }

  private async screenOne(
    channel: DeliveryChannel,
    message: unknown,
    meta?: Readonly<Record<string, string>>,
  ): Promise<DeliveryGuardVerdict> {
    const adapter = this.adapter(channel);
    const [verdict] = await this.screen([
      { adapter, chain: [], message, meta: meta && { ...meta } },
    ]);
    return verdict;
  }

  /** What the guards answer for each request, in order; the first `suppress` ends a request's chain. */
  private async screen(requests: readonly DeliveryRequest[]): Promise<DeliveryGuardVerdict[]> {
    const verdicts: DeliveryGuardVerdict[] = requests.map(() => ({ action: 'send' }));
    const messages = requests.map((r) => r.message);
    for (const guard of [...this.guards]) {
      const open = verdicts.flatMap((v, i) => (v.action === 'send' ? [i] : []));
      if (open.length === 0) break;
      const answers = await guard.screen(
        open.map((i) => ({
          channel: requests[i].adapter.channel,
          message: messages[i],
          meta: requests[i].meta,
          screened: requests[i].screened,
        })),
      );
      open.forEach((i, j) => {
        const answer = answers[j] ?? { action: 'send' };
        if (answer.action === 'suppress') verdicts[i] = answer;
        else if (answer.message !== undefined) messages[i] = answer.message;
      });
    }
    return verdicts.map((v, i) =>
      v.action === 'suppress' || messages[i] === requests[i].message
        ? v
        : { action: 'send', message: messages[i] },
    );
  }

  /** The record of a refused send: created directly in `suppressed`, with the reason. */
  private suppressedInput(request: DeliveryRequest, reason: string) {
    const { input } = this.prepare(request, false);
    return { ...input, status: 'suppressed' as const, lastError: reason };
  }

  private recordSuppressed(request: DeliveryRequest, reason: string) {
    return this.engine.store.create(this.suppressedInput(request, reason));
  }

  private async sendAll(requests: readonly DeliveryRequest[]): Promise<DeliveryOutcome[]> {
    if (this.queue) return this.enqueueMany(requests);
    const prepared = requests.map((request) => this.prepare(request));
    const stored = await createRecords(
      this.engine.store,
      prepared.map((p) => p.input),
    );
    const outcomes: DeliveryOutcome[] = stored.map(({ record }) => ({
      deliveryId: record.id,
      status: record.status,
    }));
    let next = 0;
    const lane = async () => {
      while (next < prepared.length) {
        const i = next++;
        if (!stored[i].created) continue;
        const { request, id, keyed } = prepared[i];
        const { channel } = request.adapter;
        try {
          const { record } = await this.engine.deliver(
            id,
            channel,
            this.chainOf(channel, request.chain),
            keyed,
            request.adapter.messageIdOf,
            request.meta,
            stored[i].record,
          );
          outcomes[i] = { deliveryId: id, status: record.status };
        } catch (error) {
          const record = await this.engine.store.get(id);
          outcomes[i] = { deliveryId: id, status: record?.status ?? 'failed', error };
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(INLINE_CONCURRENCY, prepared.length) }, lane));
    return outcomes;
  }

  /**
   * Queued `sendMany`: slices of 2500, each slice's records written, then its
   * jobs added while the next slice's records are written (the database and
   * Redis work side by side). A job is added only after its record exists.
   */
  private async enqueueMany(requests: readonly DeliveryRequest[]): Promise<DeliveryOutcome[]> {
    const outcomes: DeliveryOutcome[] = [];
    let adding: Promise<void> = Promise.resolve();
    try {
      for (let start = 0; start < requests.length; start += ENQUEUE_SLICE) {
        const prepared = requests.slice(start, start + ENQUEUE_SLICE).map((r) => this.prepare(r));
        const stored = await createRecords(
          this.engine.store,
          prepared.map((p) => p.input),
        );
        const jobs: DeliveryJob[] = [];
        prepared.forEach(({ job }, i) => {
          const { record, created } = stored[i];
          outcomes.push({ deliveryId: record.id, status: record.status });
          const added = jobToAdd(job!, record, created);
          if (added) jobs.push(added);
        });
        await adding;
        if (jobs.length > 0) adding = this.enqueue(jobs);
      }
    } finally {
      await adding; // never leave a slice behind, nor its rejection unhandled
    }
    return outcomes;
  }

  /**
   * A request's id, key, keyed message, its queue job (queued mode) and the
   * record to create, which carries the job: a record whose job never
   * reaches the queue (the caller killed between the two writes, Redis
   * down) is enqueued again by the sweeper.
   */
  private prepare<M>(request: DeliveryRequest<M>, queued = this.queue !== undefined) {
    const { id, key, keyed } = this.identify(request.adapter, request.message);
    const { channel } = request.adapter;
    const job: DeliveryJob | undefined = queued
      ? {
          id,
          channel,
          backends: [...request.chain],
          message: request.adapter.toJob(keyed),
          notificationId: request.notificationId,
          meta: request.meta,
        }
      : undefined;
    return {
      request,
      id,
      keyed,
      job,
      input: {
        id,
        channel,
        backend: request.chain[0],
        recipient: request.adapter.recipientOf(request.message),
        idempotencyKey: key,
        notificationId: request.notificationId,
        job,
        ...(request.recordFields ?? request.adapter.recordFieldsOf?.(request.message)),
      },
    };
  }

  /** The delivery id, the idempotency key (given, or derived in queued mode) and the keyed message. */
  private identify<M>(
    adapter: ChannelAdapter<M, unknown>,
    message: M,
  ): { id: string; key?: string; keyed: M } {
    const given = adapter.keyOf(message);
    const key =
      given ??
      (this.queue
        ? deriveIdempotencyKey(adapter.contentOf(message), this.idempotencyWindowMs)
        : undefined);
    const id = key ? deliveryIdFor(adapter.channel, key) : `dlv_${randomUUID().replace(/-/g, '')}`;
    return { id, key, keyed: key && key !== given ? adapter.withKey(message, key) : message };
  }

  private chainOf(channel: DeliveryChannel, chain: readonly string[]): DeliveryBackend<any, any>[] {
    return chain.map((name) => this.backend(channel, name));
  }

  /** Adds `jobs` (carrying the trace context) under one PRODUCER span. */
  private enqueue(jobs: DeliveryJob[]): Promise<void> {
    const queue = this.queue!;
    return tracePublishJobs(this.tracer, queue.name ?? 'delivery', jobs.length, async (trace) => {
      if (trace && Object.keys(trace).length > 0) for (const job of jobs) job.trace = trace;
      if (jobs.length > 1 && queue.enqueueMany) await queue.enqueueMany(jobs);
      else for (const job of jobs) await queue.enqueue(job);
    });
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
    return Object.assign({}, base, { deliveryId: record.id });
  }
}

/**
 * The job to add for a stored record, a copy (the enqueue sets its trace):
 * marked `firstJob` when the record was just created for it, unmarked for a
 * record already `queued` (its job may have run: the worker claims first),
 * none for a record past `queued`.
 */
function jobToAdd(
  job: DeliveryJob,
  record: Pick<DeliveryRecord, 'status'>,
  created: boolean,
): DeliveryJob | undefined {
  if (created) return { ...job, firstJob: true };
  return record.status === 'queued' ? { ...job } : undefined;
}
