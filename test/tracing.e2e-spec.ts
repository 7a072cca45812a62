import type { INestApplication } from '@nestjs/common';
import { SpanKind } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import request from 'supertest';
import { TRACER } from '@herald/contracts';
import { TRACE_EXPORTER, Tracer } from '@herald/monitor';
import { startDemoApp } from './helpers/demo-app.js';

const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const CALLER_SPAN = 'b7ad6b7169203331';

describe('tracing through the demo (e2e)', () => {
  let app: INestApplication;
  let url: string;
  const exporter = new InMemorySpanExporter();

  beforeAll(async () => {
    ({ app, url } = await startDemoApp((b) =>
      b.overrideProvider(TRACE_EXPORTER).useValue(exporter),
    ));
  });
  afterAll(() => app.close());

  it('one trace from the incoming traceparent: SERVER → @Traced → DB CLIENT + PRODUCER, exported', async () => {
    const res = await request(url)
      .get('/tracing/orders/7')
      .set('traceparent', `00-${TRACE_ID}-${CALLER_SPAN}-01`)
      .expect(200);
    expect(res.body).toMatchObject({ orderId: 7, totalCents: 875, traceId: TRACE_ID });

    const tracer = app.get<Tracer>(TRACER);
    expect(tracer).toBeInstanceOf(Tracer);
    await tracer.flush();
    const spans = exporter.getFinishedSpans().filter((s) => s.spanContext().traceId === TRACE_ID);
    const find = (name: string): ReadableSpan => {
      const span = spans.find((s) => s.name === name);
      if (!span) throw new Error(`no span "${name}" in ${spans.map((s) => s.name).join(', ')}`);
      return span;
    };
    const server = find('GET /tracing/orders/:id');
    const traced = find('OrderLookupService.lookup');
    const query = find('SELECT');
    const publish = find('publish email');

    expect(server.kind).toBe(SpanKind.SERVER);
    expect(server.parentSpanContext?.spanId).toBe(CALLER_SPAN);
    expect(server.parentSpanContext?.isRemote).toBe(true);
    expect(server.attributes).toMatchObject({
      'http.route': '/tracing/orders/:id',
      'http.response.status_code': 200,
    });

    expect(traced.kind).toBe(SpanKind.INTERNAL);
    expect(traced.parentSpanContext?.spanId).toBe(server.spanContext().spanId);

    expect(query.kind).toBe(SpanKind.CLIENT);
    expect(query.parentSpanContext?.spanId).toBe(traced.spanContext().spanId);
    expect(query.attributes['db.system.name']).toBe('sqlite');
    expect(JSON.stringify(query.attributes)).not.toContain('125');

    expect(publish.kind).toBe(SpanKind.PRODUCER);
    expect(publish.parentSpanContext?.spanId).toBe(traced.spanContext().spanId);
    expect(publish.attributes['herald.recipient']).toBe('c***@example.com');
    expect(res.body.message.headers.traceparent).toBe(
      `00-${TRACE_ID}-${publish.spanContext().spanId}-01`,
    );

    expect(server.resource.attributes['service.name']).toBe('herald-service');
    expect(spans.every((s) => s.ended)).toBe(true);
  });

  it('a request without traceparent starts a new trace; a rejected request keeps its status and exception', async () => {
    await request(url).get('/tracing/orders/not-a-number').expect(400);
    await app.get<Tracer>(TRACER).flush();
    const server = exporter
      .getFinishedSpans()
      .filter((s) => s.name === 'GET /tracing/orders/:id' && s.spanContext().traceId !== TRACE_ID)
      .pop()!;
    expect(server.parentSpanContext).toBeUndefined();
    expect(server.attributes['http.response.status_code']).toBe(400);
    expect(server.attributes['error.type']).toBe('BadRequestException');
    expect(server.events.map((e) => e.name)).toContain('exception');
    expect(server.status.code).toBe(0);
  });

  it('counts DB queries in the metrics and lists spans on the Tracing page linked from home', async () => {
    const metrics = await request(url).get('/metrics').expect(200);
    expect(metrics.text).toMatch(/db_queries_total\{[^}]*operation="SELECT"[^}]*\} [1-9]/);
    expect(metrics.text).toMatch(/db_query_duration_seconds_count\{[^}]*operation="SELECT"/);
    const home = await request(url).get('/').expect(200);
    expect(home.text).toContain('href="/tracing"');
    const page = await request(url).get('/tracing').expect(200);
    expect(page.text).toContain('OrderLookupService.lookup');
    expect(page.text).toContain(TRACE_ID.slice(0, 8));
  });
});
