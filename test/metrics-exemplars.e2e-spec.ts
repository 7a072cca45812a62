import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  Controller,
  Get,
  Inject,
  Module,
  Param,
  RequestMethod,
  type INestApplication,
  type MiddlewareConsumer,
  type NestModule,
} from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { Test } from '@nestjs/testing';
import { trace } from '@opentelemetry/api';
import { METRICS_COLLECTOR } from '@herald/contracts';
import {
  HttpMetricsMiddleware,
  MetricsCollector,
  MetricsController,
  MonitorModule,
  TracingInterceptor,
  TracingMiddleware,
} from '@herald/monitor';
import { startPrometheus, type PrometheusServer } from './helpers/prometheus-server.js';
import { promtoolCheckMetrics } from './helpers/promtool.js';
import { waitFor } from './helpers/wait-for.js';

interface Ids {
  traceId: string;
  spanId: string;
}

@Controller('work')
class WorkController {
  constructor(@Inject(METRICS_COLLECTOR) private readonly metrics: MetricsCollector) {}

  @Get(':size')
  work(@Param('size') size: string): Ids {
    this.metrics.createCounter('work_items_total', 'Items worked on').increment(Number(size));
    this.metrics
      .createHistogram('work_size', 'Size of a piece of work', undefined, [2, 5, 10])
      .observe(Number(size));
    const span = trace.getActiveSpan()!.spanContext();
    return { traceId: span.traceId, spanId: span.spanId };
  }
}

@Module({
  imports: [
    MonitorModule.configure({
      config: {
        backend_type: 'prometheus',
        metrics: { exemplars: true },
        tracing: { exporter: 'none' },
      },
    }),
  ],
  controllers: [WorkController, MetricsController],
  providers: [{ provide: APP_INTERCEPTOR, useClass: TracingInterceptor }],
})
class ExemplarApp implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer
      .apply(TracingMiddleware, HttpMetricsMiddleware)
      .forRoutes({ path: '{*path}', method: RequestMethod.ALL });
  }
}

/** `name{…} value` lines with a timestamp added (what promtool's OpenMetrics backfill requires). */
function withTimestamps(body: string, seconds: number): string {
  return body
    .split('\n')
    .map((line) => {
      if (line === '' || line.startsWith('#')) return line;
      const exemplarAt = line.indexOf(' # {');
      const sample = exemplarAt < 0 ? line : line.slice(0, exemplarAt);
      return `${sample} ${seconds}${exemplarAt < 0 ? '' : line.slice(exemplarAt)}`;
    })
    .join('\n');
}

describe('OpenMetrics exemplars seen by a real Prometheus (--enable-feature=exemplar-storage)', () => {
  jest.setTimeout(90_000);
  let app: INestApplication;
  let url: string;
  let prometheus: PrometheusServer;

  beforeAll(async () => {
    const moduleRef = await Test.createTestingModule({ imports: [ExemplarApp] }).compile();
    app = moduleRef.createNestApplication({ logger: false });
    await app.listen(0, '127.0.0.1');
    url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });
  afterAll(async () => {
    await prometheus?.stop();
    await app?.close();
  });

  async function work(size: number): Promise<Ids> {
    return (await (await fetch(`${url}/work/${size}`)).json()) as Ids;
  }

  it('puts exemplars in OpenMetrics only; the text format is unchanged and lint-clean', async () => {
    const ids = await work(3);
    const om = await (
      await fetch(`${url}/metrics`, { headers: { Accept: 'application/openmetrics-text' } })
    ).text();
    expect(om).toMatch(
      new RegExp(
        `^work_items_total 3 # \\{trace_id="${ids.traceId}",span_id="${ids.spanId}"\\} 3 \\d+\\.\\d{3}$`,
        'm',
      ),
    );
    expect(om).toMatch(
      new RegExp(`^work_size_bucket\\{le="5"\\} 1 # \\{trace_id="${ids.traceId}",`, 'm'),
    );
    const text = await (await fetch(`${url}/metrics`)).text();
    expect(text).not.toContain('trace_id');
    expect(text).toContain('work_items_total 3\n');
    expect(promtoolCheckMetrics(text)).toEqual({ status: 0, out: '' });

    // `promtool check metrics` only parses the 0.0.4 text format; Prometheus'
    // OpenMetrics parser is reachable through its backfill command.
    const dir = mkdtempSync(join(tmpdir(), 'herald-om-'));
    try {
      writeFileSync(join(dir, 'metrics.om'), withTimestamps(om, Math.floor(Date.now() / 1000)));
      const parse = spawnSync(
        'promtool',
        ['tsdb', 'create-blocks-from', 'openmetrics', join(dir, 'metrics.om'), join(dir, 'data')],
        { encoding: 'utf8' },
      );
      expect({ status: parse.status, err: parse.stderr }).toEqual({ status: 0, err: '' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('Prometheus stores them: /api/v1/query_exemplars gives the trace and span ids of the requests', async () => {
    prometheus = await startPrometheus({
      job: 'herald-exemplars',
      target: new URL(url).host,
      features: ['exemplar-storage'],
    });
    const start = Math.floor(Date.now() / 1000) - 60;
    const exemplarsOf = async (expr: string) => {
      const res = await fetch(
        `${prometheus.url}/api/v1/query_exemplars?query=${encodeURIComponent(expr)}&start=${start}&end=${Math.ceil(Date.now() / 1000) + 60}`,
      );
      const json = (await res.json()) as {
        data?: Array<{ seriesLabels: Record<string, string>; exemplars: any[] }>;
      };
      return (json.data ?? []).flatMap((s) =>
        s.exemplars.map((e) => ({ series: s.seriesLabels, ...e.labels, value: Number(e.value) })),
      );
    };
    const requests: Ids[] = [];
    for (const size of [4, 8]) {
      const ids = await work(size);
      requests.push(ids);
      // Each request in its own scrape: Prometheus keeps the exemplar of every scrape.
      await waitFor(async () => {
        const found = await exemplarsOf('work_items_total');
        return found.some((e) => e.trace_id === ids.traceId) ? found : undefined;
      }, 30_000).catch((e) => {
        throw new Error(
          `${(e as Error).message}\nprometheus logs:\n${prometheus.logs().slice(-3000)}`,
        );
      });
    }
    const spanOf = new Map(requests.map((r) => [r.traceId, r.spanId]));
    const counter = (await exemplarsOf('work_items_total')).filter((e) => spanOf.has(e.trace_id));
    expect(counter.map((e) => [e.trace_id, e.span_id, e.value])).toEqual([
      [requests[0].traceId, requests[0].spanId, 4],
      [requests[1].traceId, requests[1].spanId, 8],
    ]);
    const buckets = (await exemplarsOf('work_size_bucket')).filter((e) => spanOf.has(e.trace_id));
    expect(buckets.map((e) => [e.series.le, e.trace_id, e.span_id])).toEqual(
      expect.arrayContaining([
        ['5', requests[0].traceId, requests[0].spanId],
        ['10', requests[1].traceId, requests[1].spanId],
      ]),
    );
    for (const e of [...counter, ...buckets]) expect(e.span_id).toBe(spanOf.get(e.trace_id));
    // The HTTP request histogram of HttpMetricsMiddleware links to the server spans too.
    const http = await exemplarsOf('http_request_duration_seconds_bucket{route="/work/:size"}');
    expect(http.some((e) => spanOf.has(e.trace_id))).toBe(true);

    const targets = (await (await fetch(`${prometheus.url}/api/v1/targets`)).json()) as any;
    const target = targets.data.activeTargets.find((t: any) => t.labels.job === 'herald-exemplars');
    expect({ health: target.health, lastError: target.lastError }).toEqual({
      health: 'up',
      lastError: '',
    });
  });
});
