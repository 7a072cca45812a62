import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import type { PushMetricExporter } from '@opentelemetry/sdk-metrics';
import { wrapMethod } from '../decorators/wrap-method.util.js';
import { HeapHealthCheck, RssHealthCheck } from '../health/checks/memory.health-check.js';
import { HealthChecker } from '../health/health-checker.decorator.js';
import { createHealthMiddleware } from '../health/http/create-health-middleware.js';
import { BatchingMetricExporter } from '../metrics/exporters/batching-metric.exporter.js';
import { OtlpHttpTransport } from '../metrics/exporters/otlp-http.transport.js';
import { createScrapeSource } from '../metrics/exposition/scrape-source.js';
import { MetricsPushgateway } from '../metrics/scrape/metrics-pushgateway.js';
import { ExportError, HeraldValueError, MonitoringError } from './index.js';

const SRC = join(__dirname, '..');

/** Production source files: no specs, no test fixtures, no `testing/` fakes. */
function productionFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      return entry.name === 'testing' || entry.name === '__fixtures__' ? [] : productionFiles(path);
    }
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.spec.ts') ? [path] : [];
  });
}

async function server(answer: (res: import('node:http').ServerResponse) => void): Promise<Server> {
  const srv = createServer((req, res) => {
    req.resume();
    req.on('end', () => answer(res));
  });
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  return srv;
}

const port = (srv: Server) => (srv.address() as AddressInfo).port;

describe('@herald/monitor throws its typed errors, never a bare Error', () => {
  it('no production file creates an Error, RangeError or TypeError', () => {
    const offenders = productionFiles().flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .map((line, i) => [line, i + 1] as const)
        .filter(([line]) => /\bnew (Range|Type)?Error\(|\bthrow (Range|Type)?Error\(/.test(line))
        .map(([line, n]) => `${relative(SRC, file)}:${n}: ${line.trim()}`),
    );
    expect(offenders).toEqual([]);
  });

  const delegate = {} as PushMetricExporter;
  it.each<[string, () => unknown, RegExp]>([
    [
      'BatchingMetricExporter batch size',
      () => new BatchingMetricExporter(delegate, 0),
      /batch_size must be an integer >= 1 \(got 0\)/,
    ],
    [
      'memory check threshold',
      () => new HeapHealthCheck({ thresholdBytes: -5 }),
      /memory\.heap check: thresholdBytes must be a positive number of bytes \(got -5\)/,
    ],
    [
      'memory check threshold that is not a number',
      () => new RssHealthCheck({ thresholdBytes: 'lots' as unknown as number }),
      /thresholdBytes .*\(got "lots"\)/,
    ],
    ['empty check name', () => HealthChecker('  '), /non-empty check name \(got " {2}"\)/],
    [
      'HealthChecker on something that is not a function',
      () => HealthChecker('db')({ answer: 42 } as never),
      /@HealthChecker\('db'\) can only mark a method or a function \(got object\)/,
    ],
    [
      'createHealthMiddleware without checker',
      () => createHealthMiddleware({}),
      /createHealthMiddleware\(\) needs \{ checker \}/,
    ],
    [
      'a method decorator on a property',
      () => wrapMethod({ value: 42 }, { before: () => undefined, onSettled: () => undefined }),
      /can only be applied to methods \(got number\)/,
    ],
  ])('%s: HeraldValueError naming the value', (_label, call, message) => {
    expect(call).toThrow(HeraldValueError);
    expect(call).toThrow(message);
  });

  it('a Pushgateway that refuses the push: ExportError with the status, credentials redacted', async () => {
    const srv = await server((res) => res.writeHead(503).end());
    try {
      const gateway = new MetricsPushgateway({
        url: `http://pusher:s3cr3t@127.0.0.1:${port(srv)}`,
        source: createScrapeSource({}),
      });
      const error = (await gateway.push().catch((e: unknown) => e)) as ExportError;
      expect(error).toBeInstanceOf(ExportError);
      expect(error).toBeInstanceOf(MonitoringError);
      expect(error.status).toBe(503);
      expect(error.code).toBe('HERALD_EXPORT_FAILED');
      expect(error.message).toContain(`127.0.0.1:${port(srv)}/metrics/job/herald`);
      expect(error.message).toContain('503');
      expect(error.message).not.toContain('s3cr3t');
    } finally {
      srv.close();
    }
  });

  it('an OTLP receiver that refuses or does not answer: ExportError in the export result', async () => {
    const refusing = await server((res) => res.writeHead(400, 'Bad Request').end());
    const silent = await server(() => undefined);
    try {
      const refused = await new OtlpHttpTransport({
        url: `http://127.0.0.1:${port(refusing)}/v1/metrics`,
      }).send(new Uint8Array([1]), 1000);
      expect(refused.status).toBe('failure');
      const error = (refused as unknown as { error: ExportError }).error;
      expect(error).toBeInstanceOf(ExportError);
      expect(error.status).toBe(400);
      expect(error.message).toMatch(/OTLP receiver .*\/v1\/metrics answered 400 Bad Request/);

      const timedOut = await new OtlpHttpTransport({
        url: `http://127.0.0.1:${port(silent)}/v1/traces`,
      }).send(new Uint8Array([1]), 50);
      expect(timedOut.status).toBe('failure');
      const timeout = (timedOut as unknown as { error: ExportError }).error;
      expect(timeout).toBeInstanceOf(ExportError);
      expect(timeout.message).toMatch(/timed out after 50 ms/);
    } finally {
      silent.closeAllConnections();
      refusing.close();
      silent.close();
    }
  });
});
