import type { ChildProcess } from 'node:child_process';
import { Queue } from 'bullmq';
import { connectionFromUrl } from '@herald/notification/bullmq';
import { FakeTwilioServer } from '@herald/notification/testing';
import { OtlpReceiver, type ReceivedSpan } from './helpers/otlp-receiver.js';
import { spawnFaultProcess } from './helpers/fault-process.js';
import { createPrivateSchema, type PrivateSchema } from './helpers/pg-schema.js';

const SERVER = 2;
const PRODUCER = 4;
const CONSUMER = 5;

interface TraceApp {
  child: ChildProcess;
  url: string;
  stop(): Promise<void>;
}

/** Starts helpers/notifier-trace-app.ts in its own process and waits for its URL. */
function startApp(env: Record<string, string>): Promise<TraceApp> {
  return new Promise((resolve, reject) => {
    const child = spawnFaultProcess('notifier-trace-app.ts', env);
    let out = '';
    let err = '';
    const exited = new Promise<void>((done) => child.once('exit', () => done()));
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      const match = /ready (http:\/\/\S+)/.exec(out);
      if (match)
        resolve({
          child,
          url: match[1],
          stop: async () => {
            if (child.exitCode === null) child.kill('SIGTERM');
            await exited;
          },
        });
    });
    child.stderr!.on('data', (c: Buffer) => (err += c.toString()));
    child.once('exit', (code) => reject(new Error(`trace app exited ${code}:\n${out}\n${err}`)));
  });
}

/**
 * One trace per notify(), across the queue and across processes: an HTTP
 * request to an API process calls notify(); the job goes through BullMQ to a
 * worker process that calls the (fake) Twilio. Both processes export over
 * OTLP to the same receiver; every span must carry the request's trace id.
 */
describe('notifier tracing across the BullMQ queue (two processes, OTLP)', () => {
  const receiver = new OtlpReceiver();
  let twilio: FakeTwilioServer;
  let privateSchema: PrivateSchema;
  let api: TraceApp;
  let worker: TraceApp;
  const schema = `herald_notifier_trace_${process.pid}`;
  const queueName = `herald-notifier-trace-${process.pid}-${Date.now()}`;

  beforeAll(async () => {
    await receiver.start();
    twilio = await new FakeTwilioServer().start();
    privateSchema = await createPrivateSchema(schema);
    const env = {
      OTLP_ENDPOINT: receiver.url,
      TWILIO_URL: twilio.url,
      QUEUE_NAME: queueName,
      PG_SCHEMA: schema,
    };
    api = await startApp({ ...env, ROLE: 'api' }); // runs the migrations first
    worker = await startApp({ ...env, ROLE: 'worker' });
  }, 60_000);

  afterAll(async () => {
    await Promise.all([api?.stop(), worker?.stop()]);
    for (const name of [queueName, `${queueName}-notifier`]) {
      const queue = new Queue(name, { connection: connectionFromUrl(), prefix: 'herald-test' });
      await queue.obliterate({ force: true });
      await queue.close();
    }
    await privateSchema?.drop();
    await twilio?.stop();
    await receiver.stop();
  });

  const post = async (body: Record<string, unknown>) => {
    const res = await fetch(`${api.url}/notify`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { notificationId: string; status: string };
  };

  it('carries one trace id from the HTTP request through notify(), the queue, the worker and the provider call', async () => {
    const now = await post({ phone: '+15557770001' });
    expect(now.status).toBe('dispatched');
    const later = await post({ phone: '+15557770002', delayMs: 150 });
    expect(later.status).toBe('scheduled');
    const deadline = Date.now() + 20_000;
    while (twilio.messages.length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 25));
    expect(twilio.messages.map((m) => m.To).sort()).toEqual(['+15557770001', '+15557770002']);

    // stopping both apps exports their last spans
    await Promise.all([api.stop(), worker.stop()]);
    const spans = receiver.spans();
    const server = spans.filter((s) => s.kind === SERVER && s.name === 'POST /notify');
    expect(server).toHaveLength(2);

    for (const [request, to] of [
      [server[0], '+15557770001'],
      [server[1], '+15557770002'],
    ] as const) {
      const trace = spans.filter((s) => s.traceId === request.traceId);
      const byName = (name: string) => trace.filter((s) => s.name === name);
      const one = (name: string, kind?: number): ReceivedSpan => {
        const found = byName(name).filter((s) => kind === undefined || s.kind === kind);
        expect({ name, count: found.length }).toEqual({ name, count: 1 });
        return found[0];
      };
      const call = twilio.received.find((r) => r.form?.To === to)!;
      // the provider saw the trace of the request
      expect(String(call.headers.traceparent)).toContain(request.traceId);
      const notify = one('notify Welcome');
      expect(notify.parentSpanId).toBe(request.spanId);
      expect(notify.resource['service.name']).toBe('notifier-api');
      const publish = one(`publish ${queueName}`, PRODUCER);
      const process = one(`process ${queueName}`, CONSUMER);
      expect(process.parentSpanId).toBe(publish.spanId);
      expect(process.resource['service.name']).toBe('notifier-worker');
      const send = one('publish sms', PRODUCER);
      expect(send.parentSpanId).toBe(process.spanId);
      expect(send.resource['service.name']).toBe('notifier-worker');
      if (to === '+15557770002') {
        // scheduled: notify() → notifier queue → worker dispatch → delivery queue → worker send
        const schedule = one(`publish ${queueName}-notifier`, PRODUCER);
        expect(schedule.parentSpanId).toBe(notify.spanId);
        const due = one(`process ${queueName}-notifier`, CONSUMER);
        expect(due.parentSpanId).toBe(schedule.spanId);
        expect(publish.parentSpanId).toBe(due.spanId);
      } else {
        expect(publish.parentSpanId).toBe(notify.spanId);
      }
    }
    // nothing the two requests caused started a trace of its own
    const traces = new Set(spans.map((s) => s.traceId));
    expect(traces).toEqual(new Set(server.map((s) => s.traceId)));
  }, 60_000);
});
