import { FakeSentryServer } from '../testing/index.js';
import { Tracer } from '../tracing/tracer.js';
import { NoopErrorTracker } from './noop-error.tracker.js';
import { SentryErrorTracker } from './sentry-error.tracker.js';
import { setupErrorTracking } from './setup-error-tracking.js';
import { handlerErrorContext } from './handlers/report-handler-error.util.js';

describe('the trace of a captured error', () => {
  let tracer: Tracer;
  let sentry: FakeSentryServer;
  beforeAll(async () => (sentry = await FakeSentryServer.start()));
  afterAll(() => sentry.close());
  beforeEach(() => {
    tracer = new Tracer('errors');
    sentry.clear();
  });
  afterEach(() => tracer.shutdown());

  it('Sentry: contexts.trace and the trace_id tag from the current span, or from context.trace', async () => {
    const tracker = setupErrorTracking({ dsn: sentry.dsn }) as SentryErrorTracker;
    const span = tracer.startSpan('checkout');
    tracer.withSpan(span, () => tracker.captureException(new Error('in a span')));
    span.end();
    tracker.captureException(
      new Error('carried'),
      handlerErrorContext(
        { kind: 'bullmq', handler: 'mail.process', queue: 'mail', jobId: '12' },
        { trace_id: '4bf92f3577b34da6a3ce929d0e0e4736', span_id: '00f067aa0ba902b7' },
      ),
    );
    tracker.captureException(new Error('no trace'));
    const events = await sentry.waitForEvents(3);
    await tracker.close();
    const byMessage = (m: string) => events.find((e) => e.exception.values[0].value === m);
    expect(byMessage('in a span').contexts.trace).toMatchObject({
      trace_id: span.traceId,
      span_id: span.spanId,
    });
    expect(byMessage('in a span').tags).toMatchObject({ trace_id: span.traceId });
    expect(byMessage('carried').tags).toEqual({
      trace_id: '4bf92f3577b34da6a3ce929d0e0e4736',
      'handler.kind': 'bullmq',
      handler: 'mail.process',
      queue: 'mail',
      'job.id': '12',
    });
    expect(byMessage('carried').contexts.trace.span_id).toBe('00f067aa0ba902b7');
    expect(byMessage('no trace').tags?.trace_id).toBeUndefined();
  });

  it('the logging tracker appends the tags and the trace id to its line', () => {
    const lines: string[] = [];
    const tracker = new NoopErrorTracker({ error: (m: string) => lines.push(m) });
    const span = tracer.startSpan('nightly');
    tracer.withSpan(span, () =>
      tracker.captureException(
        new RangeError('too many rows'),
        handlerErrorContext({ kind: 'cron', handler: 'Reports.nightly', cron: 'nightly' }),
      ),
    );
    span.end();
    tracker.captureException(new Error('plain'));
    expect(lines).toEqual([
      `unhandled exception RangeError: too many rows (handler.kind=cron, handler=Reports.nightly, cron=nightly, trace_id=${span.traceId})`,
      'unhandled exception Error: plain',
    ]);
  });
});
