import type * as BullMQ from 'bullmq';
import { wasSent, type DeliveryRecord } from '../records/delivery-record.js';
import { DeliveryStateError } from '../records/delivery-state.error.js';
import { describeError } from '../reliable/delivery-engine.js';
import type { ChannelAdapter } from '../reliable/channel-adapters.js';
import type { DeliveryService } from '../reliable/delivery.service.js';
import { BullmqConnection, loadBullmq, type BullmqQueueOptions } from './bullmq-connection.util.js';
import type { DeliveryJob } from './delivery-queue.protocol.js';
import { traceProcessJob } from './queue-tracing.util.js';

export interface DeliveryWorkerOptions extends BullmqQueueOptions {
  /** Jobs delivered at once by this worker. @default 10 */
  concurrency?: number;
  /**
   * How long a job stays locked to this worker; the lock is renewed every
   * half of it while the job runs, so a send longer than the lock is not
   * handed to another worker. A crashed worker's jobs wait until their lock
   * expires and the next stalled check: at most about
   * `lockDurationMs + stalledIntervalMs`. @default 5000
   */
  lockDurationMs?: number;
  /** How often stalled jobs (of a crashed worker) are looked for. @default 4000 */
  stalledIntervalMs?: number;
}

/** Defaults of `DeliveryWorkerOptions`: a crashed worker's jobs are picked up again within 9 s. */
export const DELIVERY_WORKER_DEFAULTS = { lockDurationMs: 5000, stalledIntervalMs: 4000 } as const;

/**
 * A BullMQ worker that delivers queued messages: one round over the backend
 * chain per job attempt, BullMQ's backoff computed by the retry policy
 * (`Retry-After` included). A record already final (a job re-run after its
 * worker died between the send and the acknowledgement) is not sent again.
 * A job added with its new record (`DeliveryJob.firstJob`), on its first run
 * and with a database store, sends while its claim is written (no other job
 * ran for that delivery, so nothing can refuse the claim); `sent` is written
 * after both. Every other job (a retry, a stalled run, the sweeper's, a
 * repeated send's) and every job while the store's claims fail takes its
 * claim before its send. Each attempt runs in a CONSUMER span (`process
 * <queue>`) continuing the trace of the producer carried in the job.
 * `close()` waits for the jobs in flight.
 */
export class DeliveryWorker {
  readonly worker: BullMQ.Worker;
  private readonly queueName: string;
  private readonly UnrecoverableError: typeof BullMQ.UnrecoverableError;
  private readonly connection: BullmqConnection;
  /** Whether the store's last claim failed (see `claim`). */
  private claimsFailing = false;

  constructor(
    private readonly service: DeliveryService,
    options: DeliveryWorkerOptions = {},
  ) {
    const { Worker, UnrecoverableError } = loadBullmq();
    this.UnrecoverableError = UnrecoverableError;
    service.engine.breakers.load(); // a missing cockatiel fails here, not on the first job
    const policy = service.engine.policy;
    this.queueName = options.queueName ?? 'herald-delivery';
    const lockDurationMs = options.lockDurationMs ?? DELIVERY_WORKER_DEFAULTS.lockDurationMs;
    this.connection = new BullmqConnection(options.redisUrl, options.prefix);
    this.worker = new Worker(this.queueName, (job) => this.process(job), {
      connection: this.connection.connection,
      prefix: this.connection.prefix,
      concurrency: options.concurrency ?? 10,
      lockDuration: lockDurationMs,
      // renewed well before it expires, even when a busy event loop delays the timer
      lockRenewTime: lockDurationMs / 2,
      stalledInterval: options.stalledIntervalMs ?? DELIVERY_WORKER_DEFAULTS.stalledIntervalMs,
      maxStalledCount: 10,
      settings: {
        backoffStrategy: (attemptsMade, _type, error) => policy.delayFor(attemptsMade, error),
      },
    });
    // A job BullMQ gave up on (attempts or stalls exhausted) is dead in the store too.
    this.worker.on('failed', (job) => {
      if (job && job.attemptsMade >= (job.opts.attempts ?? 1))
        void this.markDead(job.data as DeliveryJob);
    });
    this.worker.on('error', () => undefined);
  }

  /** Resolves once the worker is connected and taking jobs. */
  async ready(): Promise<void> {
    await this.worker.waitUntilReady();
  }

  /** Stops taking jobs and waits for those in flight. */
  async close(): Promise<void> {
    await this.worker.close();
    await this.connection.close();
  }

  private process(job: BullMQ.Job<DeliveryJob>): Promise<unknown> {
    const { tracer } = this.service;
    if (!tracer) return this.deliver(job);
    const { id, channel, notificationId } = job.data;
    return traceProcessJob(
      tracer,
      this.queueName,
      job.data.trace,
      {
        'messaging.message.id': id,
        'herald.channel': channel,
        'herald.delivery.attempt': job.attemptsMade + 1,
        'herald.notification.id': notificationId,
      },
      () => this.deliver(job),
    );
  }

  private async deliver(job: BullMQ.Job<DeliveryJob>): Promise<unknown> {
    const data = job.data;
    const { id, channel, message, meta } = data;
    const { engine } = this.service;
    const { store } = engine;
    if (!store.claim) return this.deliverRead(data);
    const adapter = this.service.adapter(channel);
    const payload = adapter.fromJob(message);
    // The guards answer before the record is taken: `sending -> suppressed` is
    // not a move. Their answer counts only for a record that was still `queued`.
    const verdict = await this.service.recheck(channel, payload, meta);
    if (verdict.action === 'suppress') {
      const suppressed = await this.suppress(id, channel, verdict.reason);
      return suppressed ?? this.deliverRead(data);
    }
    if (store.durable && !this.claimsFailing && isFirstRun(job)) {
      // No job ran for this delivery before this one: its record is `queued`,
      // so the claim cannot be refused, and the send need not wait for it
      // (`sent` does). One wait a job fewer: the claim's and the send's overlap.
      // `claiming` settles once the record is `sending`; a refusal rejects it
      // (a DeliveryStateError, a record moved meanwhile), as a store failure does.
      const claiming = this.claim(id).then((claimed) => {
        if (!claimed) throw new DeliveryStateError(id, 'sending');
      });
      claiming.catch(() => undefined); // awaited after the send, or after its failure
      const message = verdict.message ?? payload;
      return this.attempt({ id, attempts: 1 }, data, adapter, message, claiming);
    }
    const claimed = await this.claim(id);
    // not claimable (sent, final, missing): the record says what to do
    if (!claimed) return this.deliverRead(data);
    // attempt 1 is the move from `queued`: a guard's rewrite of the message applies
    const first = claimed.attempts === 1 && verdict.message !== undefined;
    return this.attempt(claimed, data, adapter, first ? verdict.message : payload);
  }

  /**
   * A queued record suppressed since it was enqueued (a STOP, a bounce): it
   * is recorded so and nothing is sent. `undefined` when the record is not
   * `queued` (retrying, sending, sent, missing): the read path decides.
   */
  private async suppress(
    id: string,
    channel: DeliveryJob['channel'],
    reason: string | undefined,
  ): Promise<{ skipped: 'suppressed' } | undefined> {
    const { engine } = this.service;
    try {
      await engine.store.transition(id, 'suppressed', { lastError: reason });
    } catch (error) {
      if (error instanceof DeliveryStateError) return undefined;
      throw error;
    }
    engine.countSuppressed(channel);
    return { skipped: 'suppressed' };
  }

  /** Reads the record, then decides: what a store without `claim` does, and every unusual case. */
  private async deliverRead(data: DeliveryJob): Promise<unknown> {
    const { id, channel, backends: names, message, notificationId, meta } = data;
    const { engine } = this.service;
    const adapter = this.service.adapter(channel);
    let record = await engine.store.get(id);
    if (!record) {
      // The store was emptied under a live queue (memory store restarted): start over.
      record = (
        await engine.store.create({
          id,
          channel,
          backend: names[0],
          recipient: adapter.recipientOf(adapter.fromJob(message)),
          notificationId,
        })
      ).record;
    }
    // sent, or already reported on by the provider: a duplicate job sends nothing
    if (wasSent(record)) return { skipped: record.status };
    // Settled before its worker died: the job still belongs in the dead-letter (failed) set.
    if (record.final)
      throw new this.UnrecoverableError(`${record.status}: ${record.lastError ?? ''}`);
    let payload = adapter.fromJob(message);
    if (record.status === 'queued') {
      const verdict = await this.service.recheck(channel, payload, meta);
      if (verdict.action === 'suppress') {
        await engine.store.transition(id, 'suppressed', { lastError: verdict.reason });
        engine.countSuppressed(channel);
        return { skipped: 'suppressed' };
      }
      if (verdict.message !== undefined) payload = verdict.message;
    }
    const sending = await engine.store.transition(id, 'sending', {
      attempts: record.attempts + 1,
    });
    return this.attempt(sending, data, adapter, payload);
  }

  /**
   * One round over the backends for a record in `sending`, or being moved
   * there (`claiming`, awaited before `sent`); a failure is settled here.
   */
  private async attempt(
    record: Pick<DeliveryRecord, 'id' | 'attempts'>,
    data: DeliveryJob,
    adapter: ChannelAdapter<any, any>,
    payload: unknown,
    claiming?: Promise<void>,
  ): Promise<{ backend: string }> {
    const { id, channel, backends: names, meta } = data;
    const { engine } = this.service;
    try {
      const backends = names.map((name) => this.service.backend(channel, name));
      const { backend } = await engine.attempt(
        record,
        channel,
        backends,
        payload,
        adapter.messageIdOf,
        meta,
        claiming,
      );
      return { backend };
    } catch (error) {
      // the claim's write comes first, then the failure's
      const claim = await claiming?.then(
        () => 'claimed',
        (failure: unknown) => (failure instanceof DeliveryStateError ? 'refused' : 'failed'),
      );
      // a record moved meanwhile is left as it was
      if (claim === 'refused')
        throw new this.UnrecoverableError(
          `the record of a first job was not claimable: ${describeError(error)}`,
        );
      // the store failed, not (or not only) the provider: the record is still
      // `queued`, and the job's retry takes its claim first
      if (claim === 'failed') throw error;
      const status = await engine.settleFailure(
        id,
        channel,
        error,
        record.attempts,
        engine.policy.attempts,
        meta,
      );
      if (status === 'retrying') throw error;
      throw new this.UnrecoverableError(`${status}: ${describeError(error)}`);
    }
  }

  /**
   * `store.claim`, remembering whether the store failed: while it does (the
   * database is down), first jobs wait for their claim too, so that a job
   * whose claim failed is not sent once now and once on its retry.
   */
  private async claim(id: string): Promise<DeliveryRecord | undefined> {
    try {
      const claimed = await this.service.engine.store.claim!(id);
      this.claimsFailing = false;
      return claimed;
    } catch (error) {
      this.claimsFailing = true;
      throw error;
    }
  }

  private async markDead(job: DeliveryJob): Promise<void> {
    const record = await this.service.engine.store.get(job.id).catch(() => undefined);
    if (record && !record.final) {
      const dead = await this.service.engine.store
        .transition(job.id, 'dead', { lastError: record.lastError ?? 'queue attempts exhausted' })
        .catch(() => undefined);
      if (dead) await this.service.engine.notifySettled({ record: dead, meta: job.meta });
    }
  }
}

/**
 * A job added with its new record (`firstJob`), on its first run: not a
 * retry, not re-run after a stall (its worker died, or lost the lock).
 */
function isFirstRun(job: BullMQ.Job<DeliveryJob>): boolean {
  return (
    job.data.firstJob === true &&
    job.attemptsMade === 0 &&
    !job.stalledCounter &&
    (job.attemptsStarted ?? 1) <= 1
  );
}
