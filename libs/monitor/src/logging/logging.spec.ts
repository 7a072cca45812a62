import { Writable } from 'node:stream';
import pino from 'pino';
import { Tracer } from '../tracing/tracer.js';
import { pinoTraceMixin, withPinoTraceContext } from './pino-trace-context.util.js';
import { TraceContextLogger } from './trace-context.logger.js';

/** The W3C flags byte of a span as logs write it (`01` sampled, `03` sampled + random). */
function flagsOf(span: { otelSpan: { spanContext(): { traceFlags: number } } }): string {
  return span.otelSpan.spanContext().traceFlags.toString(16).padStart(2, '0');
}

function captureStdout(): { lines: string[]; restore: () => void } {
  const lines: string[] = [];
  const spy = jest.spyOn(process.stdout, 'write').mockImplementation((chunk: any) => {
    lines.push(String(chunk));
    return true;
  });
  return { lines, restore: () => spy.mockRestore() };
}

function pinoLines(): { stream: Writable; lines: Array<Record<string, unknown>> } {
  const lines: Array<Record<string, unknown>> = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { stream, lines };
}

describe('trace context in logs', () => {
  let tracer: Tracer;
  beforeEach(() => (tracer = new Tracer('logs')));
  afterEach(() => tracer.shutdown());

  it('TraceContextLogger (text) puts trace_id and span_id after the context inside a span only', async () => {
    const out = captureStdout();
    try {
      const logger = new TraceContextLogger('Orders', { colors: false });
      logger.log('outside');
      const span = tracer.startSpan('charge');
      await tracer.withSpan(span, async () => {
        await new Promise((r) => setImmediate(r));
        logger.log('charging order 7');
      });
      span.end();
      expect(out.lines[0]).toMatch(/ LOG \[Orders\] outside\n$/);
      expect(out.lines[1]).toMatch(
        new RegExp(
          ` LOG \\[Orders\\] trace_id=${span.traceId} span_id=${span.spanId} charging order 7\\n$`,
        ),
      );
    } finally {
      out.restore();
    }
  });

  it('TraceContextLogger (json) adds trace_id, span_id and trace_flags fields', () => {
    const out = captureStdout();
    try {
      const logger = new TraceContextLogger('Orders', { json: true });
      const span = tracer.startSpan('charge');
      tracer.withSpan(span, () => logger.warn('slow provider'));
      logger.warn('no span');
      span.end();
      const [inside, outside] = out.lines.map((l) => JSON.parse(l));
      expect(inside).toMatchObject({
        level: 'warn',
        context: 'Orders',
        message: 'slow provider',
        trace_id: span.traceId,
        span_id: span.spanId,
        trace_flags: flagsOf(span),
      });
      expect(inside.trace_flags).toMatch(/^0[13]$/);
      expect(outside.trace_id).toBeUndefined();
    } finally {
      out.restore();
    }
  });

  it('withPinoTraceContext takes any pino options and keeps them (type-checked with { level })', () => {
    // `{ level: 'info' }` shares no property with `{ mixin? }`: the options type must not be that
    const options = withPinoTraceContext({ level: 'info', base: undefined });
    expect(options.level).toBe('info');
    expect(options.mixin).toBe(pinoTraceMixin);
    const { stream, lines } = pinoLines();
    pino(options, stream).info('plain');
    expect(lines[0]).toMatchObject({ level: 30, msg: 'plain' });
  });

  it('pino: the mixin, alone or after an own mixin, adds the ids to each line written in a span', () => {
    const { stream, lines } = pinoLines();
    const logger = pino(
      withPinoTraceContext({ base: undefined, mixin: () => ({ service: 'shop' }) }),
      stream,
    );
    const plain = pino({ base: undefined, mixin: pinoTraceMixin }, stream);
    const span = tracer.startSpan('job');
    tracer.withSpan(span, () => {
      logger.info('in span');
      plain.info({ order: 7 }, 'plain mixin');
    });
    logger.info('after');
    plain.info({ order: 8 }, 'plain, no span');
    span.end();
    expect(lines[0]).toMatchObject({
      msg: 'in span',
      service: 'shop',
      trace_id: span.traceId,
      span_id: span.spanId,
      trace_flags: flagsOf(span),
    });
    expect(lines[1]).toMatchObject({ msg: 'plain mixin', order: 7, trace_id: span.traceId });
    expect(lines[2]).toMatchObject({ msg: 'after', service: 'shop' });
    expect(lines[2].trace_id).toBeUndefined();
    expect(lines[3]).toMatchObject({ msg: 'plain, no span', order: 8 });
    expect(lines[3].trace_id).toBeUndefined();
  });
});
