import { Inject, Injectable, type INestApplication, type LoggerService } from '@nestjs/common';
import { BullModule, getQueueToken, Processor, WorkerHost } from '@nestjs/bullmq';
import { EventEmitter2, EventEmitterModule, OnEvent } from '@nestjs/event-emitter';
import { Cron, ScheduleModule, SchedulerRegistry } from '@nestjs/schedule';
import { Test } from '@nestjs/testing';
import { Job, Queue, Worker } from 'bullmq';
import { ERROR_TRACKER, TRACER, type ErrorTrackerProtocol } from '@herald/contracts';
import { captureWorkerErrors, MonitorModule, type Tracer } from '@herald/monitor';
import { FakeSentryServer } from '@herald/monitor/testing';
import { waitFor } from './helpers/wait-for.js';

const CONNECTION = { host: '127.0.0.1', port: 6379 };
const PREFIX = `herald-e2e-capture-${process.pid}-${Date.now()}`;
const NEST_QUEUE = 'nest-jobs';
const PLAIN_QUEUE = 'plain-jobs';
const CARRIED_TRACE = '4bf92f3577b34da6a3ce929d0e0e4736';
const CARRIED_SPAN = '00f067aa0ba902b7';

@Processor(NEST_QUEUE)
class ChargeProcessor extends WorkerHost {
  async process(job: Job<{ order: number }>): Promise<string> {
    throw new Error(`charge for order ${job.data.order} declined`);
  }
}

@Injectable()
class NightlyJobs {
  runs = 0;
  @Cron('0 0 3 * * *', { name: 'nightly-report' })
  async report(): Promise<void> {
    this.runs++;
    throw new Error('report generator broke');
  }
}

@Injectable()
class OrderListeners {
  thrown: Error[] = [];
  @OnEvent('order.placed', { suppressErrors: false })
  async onPlaced(payload: { id: number }): Promise<void> {
    const error = new Error(`order ${payload.id} rejected`);
    this.thrown.push(error);
    throw error;
  }

  @OnEvent('order.audited')
  onAudited(): void {
    throw new TypeError('audit log full');
  }
}

/** A plain BullMQ worker the application creates itself, reported through captureWorkerErrors. */
@Injectable()
class PlainWorker {
  readonly worker = new Worker(
    PLAIN_QUEUE,
    async () => {
      throw new Error('plain worker failed');
    },
    { connection: CONNECTION, prefix: PREFIX },
  );
  private readonly stop: () => void;
  constructor(@Inject(ERROR_TRACKER) tracker: ErrorTrackerProtocol) {
    this.stop = captureWorkerErrors(this.worker, tracker);
  }
  async onApplicationShutdown(): Promise<void> {
    this.stop();
    await this.worker.close();
  }
}

function recordingLogger(): LoggerService & { lines: string[] } {
  const lines: string[] = [];
  const push = (level: string) => (message: unknown) => lines.push(`${level} ${String(message)}`);
  return {
    lines,
    log: push('log'),
    error: push('error'),
    warn: push('warn'),
    debug: push('debug'),
    verbose: push('verbose'),
  };
}

async function boot(
  errorTracking: Record<string, unknown>,
  options: { scheduleFirst?: boolean; logger?: LoggerService } = {},
): Promise<INestApplication> {
  const monitor = MonitorModule.configure({
    config: { tracing: { exporter: 'none' }, error_tracking: errorTracking },
  });
  const schedule = ScheduleModule.forRoot();
  const moduleRef = await Test.createTestingModule({
    imports: [
      ...(options.scheduleFirst ? [schedule, monitor] : [monitor, schedule]),
      EventEmitterModule.forRoot(),
      BullModule.forRoot({ connection: CONNECTION, prefix: PREFIX }),
      BullModule.registerQueue({ name: NEST_QUEUE }),
    ],
    providers: [ChargeProcessor, NightlyJobs, OrderListeners, PlainWorker],
  }).compile();
  const app = moduleRef.createNestApplication({ logger: options.logger ?? false });
  await app.init();
  // Closing a BullMQ connection that is still connecting makes it emit an
  // unhandled error: let every connection come up before a test can close.
  await Promise.all([
    app.get(ChargeProcessor).worker.waitUntilReady(),
    app.get(PlainWorker).worker.waitUntilReady(),
    app.get<Queue>(getQueueToken(NEST_QUEUE)).waitUntilReady(),
  ]);
  return app;
}

const tagsOf = (event: any): Record<string, string> => event.tags ?? {};

describe('error capture beyond HTTP: BullMQ processors, @Cron, @OnEvent (real Redis)', () => {
  let sentry: FakeSentryServer;
  const queues: Queue[] = [];
  beforeAll(async () => (sentry = await FakeSentryServer.start()));
  beforeEach(() => sentry.clear());
  afterAll(async () => {
    for (const name of [NEST_QUEUE, PLAIN_QUEUE]) {
      const queue = new Queue(name, { connection: CONNECTION, prefix: PREFIX });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    await Promise.all(queues.map((q) => q.close()));
    await sentry.close();
  });

  /** The Sentry events matching `which`, once there are `count` of them. */
  function reported(which: (event: any) => boolean, count: number): Promise<any[]> {
    return waitFor(async () => {
      const found = sentry.events.filter(which);
      return found.length >= count ? found : undefined;
    }, 10_000);
  }

  function queue(name: string): Queue {
    const q = new Queue(name, { connection: CONNECTION, prefix: PREFIX });
    queues.push(q);
    return q;
  }

  describe('with Sentry', () => {
    let app: INestApplication;
    beforeAll(async () => (app = await boot({ dsn: sentry.dsn })));
    afterAll(() => app.close());

    it('a @Processor failing twice: each attempt reported with queue, job and the trace it carries; BullMQ still retries and fails it', async () => {
      const job = await queue(NEST_QUEUE).add(
        'charge',
        { order: 7, traceparent: `00-${CARRIED_TRACE}-${CARRIED_SPAN}-01` },
        { attempts: 2, backoff: { type: 'fixed', delay: 10 } },
      );
      const jobs = queue(NEST_QUEUE);
      await waitFor(
        async () => ((await jobs.getJobState(job.id!)) === 'failed' ? true : undefined),
        15_000,
      );
      const failed = await Job.fromId(jobs, job.id!);
      expect(failed!.attemptsMade).toBe(2);
      expect(failed!.failedReason).toBe('charge for order 7 declined');
      const reports = await reported((e) => tagsOf(e).queue === NEST_QUEUE, 2);
      expect(reports.map((e) => tagsOf(e)['job.attempts_made'])).toEqual(['1', '2']);
      for (const report of reports) {
        expect(report.exception.values[0].value).toBe('charge for order 7 declined');
        expect(tagsOf(report)).toMatchObject({
          'handler.kind': 'bullmq',
          handler: 'ChargeProcessor.process',
          'job.id': job.id,
          'job.name': 'charge',
          trace_id: CARRIED_TRACE,
        });
        expect(report.contexts.trace).toMatchObject({
          trace_id: CARRIED_TRACE,
          span_id: CARRIED_SPAN,
        });
      }
    });

    it('a plain BullMQ Worker of the application, through captureWorkerErrors', async () => {
      const job = await queue(PLAIN_QUEUE).add('sync', { n: 1 });
      const [event] = await reported((e) => tagsOf(e).queue === PLAIN_QUEUE, 1);
      expect(event.exception.values[0].value).toBe('plain worker failed');
      expect(tagsOf(event)).toMatchObject({
        'handler.kind': 'bullmq',
        handler: `${PLAIN_QUEUE}.process`,
        queue: PLAIN_QUEUE,
        'job.id': job.id,
      });
    });

    it('a @Cron handler: reported with the cron name and the current trace, and still run by the scheduler', async () => {
      const tracer = app.get<Tracer>(TRACER);
      const span = tracer.startSpan('maintenance window');
      await tracer.withSpan(span, () =>
        app.get(SchedulerRegistry).getCronJob('nightly-report').fireOnTick(),
      );
      span.end();
      expect(app.get(NightlyJobs).runs).toBe(1);
      const [event] = await reported((e) => tagsOf(e)['handler.kind'] === 'cron', 1);
      expect(event.exception.values[0].value).toBe('report generator broke');
      expect(tagsOf(event)).toMatchObject({
        'handler.kind': 'cron',
        handler: 'NightlyJobs.report',
        cron: 'nightly-report',
        'cron.expression': '0 0 3 * * *',
        trace_id: span.traceId,
      });
      expect(event.contexts.trace).toMatchObject({ trace_id: span.traceId, span_id: span.spanId });
    });

    it('an @OnEvent handler: reported with the event, the same error reaches the emitter; suppressed ones stay suppressed', async () => {
      const tracer = app.get<Tracer>(TRACER);
      const emitter = app.get(EventEmitter2);
      const span = tracer.startSpan('place order');
      const rejection = await tracer
        .withSpan(span, () => emitter.emitAsync('order.placed', { id: 42 }))
        .catch((e: unknown) => e);
      span.end();
      expect(rejection).toBe(app.get(OrderListeners).thrown[0]);
      await expect(emitter.emitAsync('order.audited', {})).resolves.toEqual([undefined]);
      const [placed] = await reported((e) => tagsOf(e).event === 'order.placed', 1);
      expect(placed.exception.values[0].value).toBe('order 42 rejected');
      expect(tagsOf(placed)).toMatchObject({
        'handler.kind': 'event',
        handler: 'OrderListeners.onPlaced',
        trace_id: span.traceId,
      });
      const [audited] = await reported((e) => tagsOf(e).event === 'order.audited', 1);
      expect(audited.exception.values[0]).toMatchObject({
        type: 'TypeError',
        value: 'audit log full',
      });
      expect(tagsOf(audited).trace_id).toBeUndefined();
    });
  });

  it('without a DSN the logging tracker writes the same context to the log', async () => {
    const logger = recordingLogger();
    const app = await boot({}, { logger });
    try {
      const tracer = app.get<Tracer>(TRACER);
      const span = tracer.startSpan('place order');
      await tracer
        .withSpan(span, () => app.get(EventEmitter2).emitAsync('order.placed', { id: 8 }))
        .catch(() => undefined);
      span.end();
      expect(logger.lines).toContain(
        `error unhandled exception Error: order 8 rejected (handler.kind=event, handler=OrderListeners.onPlaced, event=order.placed, trace_id=${span.traceId})`,
      );
    } finally {
      await app.close();
    }
  });

  it('error_tracking.capture_handlers=false leaves the handlers alone', async () => {
    const app = await boot({ dsn: sentry.dsn, capture_handlers: false });
    try {
      const rejection = await app
        .get(EventEmitter2)
        .emitAsync('order.placed', { id: 9 })
        .catch((e: unknown) => e);
      expect(rejection).toBe(app.get(OrderListeners).thrown[0]);
      await app.get(SchedulerRegistry).getCronJob('nightly-report').fireOnTick();
      expect(app.get(NightlyJobs).runs).toBe(1);
      await app.get<ErrorTrackerProtocol>(ERROR_TRACKER).flush(2000);
      expect(sentry.events).toEqual([]);
    } finally {
      await app.close();
    }
  });

  it('warns, naming the @Cron handlers it cannot cover, when ScheduleModule is imported first', async () => {
    const logger = recordingLogger();
    const app = await boot({ dsn: sentry.dsn }, { scheduleFirst: true, logger });
    try {
      expect(logger.lines).toContain(
        'warn Errors of the @Cron() handlers NightlyJobs.report are not captured: ScheduleModule initialised before MonitorModule and already holds the original methods. Import MonitorModule before ScheduleModule.',
      );
      await app.get(SchedulerRegistry).getCronJob('nightly-report').fireOnTick();
      await app.get<ErrorTrackerProtocol>(ERROR_TRACKER).flush(2000);
      expect(sentry.events.filter((e) => tagsOf(e)['handler.kind'] === 'cron')).toEqual([]);
    } finally {
      await app.close();
    }
  });
});
