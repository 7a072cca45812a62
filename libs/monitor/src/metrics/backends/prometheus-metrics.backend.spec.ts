import { createServer, type Server } from 'node:http';
import { DataSource } from 'typeorm';
import { register as globalRegistry } from 'prom-client';
import { NOOP_SPAN } from '@herald/observability';
import { BackendNotAvailableError } from '../../errors/backend-not-available.error.js';
import { MetricsCollector } from '../collector/metrics-collector.js';
import { PrometheusMetricsBackend } from './prometheus-metrics.backend.js';
import { memorySqlite } from '../../../../../test/helpers/sqlite.js';

async function listen(server: Server): Promise<number> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return (server.address() as { port: number }).port;
}

describe('PrometheusMetricsBackend', () => {
  it('serves its own registry and collector on its own port, with the bearer token', async () => {
    const collector = new MetricsCollector();
    const backend = new PrometheusMetricsBackend({
      port: 0,
      host: '127.0.0.1',
      authToken: 't',
      collector,
    });
    expect(backend.registry).not.toBe(globalRegistry);
    await backend.initialize();
    backend.recordMetric('orders', 2, 'counter', { channel: 'web' });
    backend.recordMetric('depth', 4, 'gauge');
    backend.recordMetric('lat', 0.3, 'histogram');
    const url = `http://127.0.0.1:${backend.listeningPort}/metrics`;
    try {
      expect((await fetch(url)).status).toBe(401);
      const body = await (await fetch(url, { headers: { Authorization: 'Bearer t' } })).text();
      expect(body).toContain('orders_total{channel="web"} 2');
      expect(body).toContain('depth 4');
      expect(body).toContain('lat_count 1');
      expect(body).toContain('process_cpu_user_seconds_total');
      expect(body).not.toContain('nodejs_active_handles_total');
      expect(backend.createSpan('x')).toBe(NOOP_SPAN);
      await backend.export([{}]);
    } finally {
      await backend.shutdown();
    }
    expect(backend.listeningPort).toBeUndefined();
  });

  it('logs a warning and carries on when the port is taken', async () => {
    const blocker = createServer();
    const port = await listen(blocker);
    const warn = jest.fn();
    const backend = new PrometheusMetricsBackend({
      port,
      host: '127.0.0.1',
      enableDefaultMetrics: false,
      logger: { warn, log: jest.fn() },
    });
    await expect(backend.initialize()).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('port is in use'));
    expect(backend.listeningPort).toBeUndefined();
    await backend.shutdown();
    await new Promise((r) => blocker.close(r));
  });

  it('pushes to a Pushgateway every push_interval and once more on shutdown', async () => {
    const pushes: Array<{ method?: string; url?: string; body: string }> = [];
    const gateway = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        pushes.push({ method: req.method, url: req.url, body });
        res.statusCode = 200;
        res.end();
      });
    });
    const port = await listen(gateway);
    const backend = new PrometheusMetricsBackend({
      listen: false,
      enableDefaultMetrics: false,
      pushgatewayUrl: `http://127.0.0.1:${port}/`,
      pushInterval: 0.05,
    });
    await backend.initialize();
    backend.recordMetric('batch_items', 7, 'counter');
    await new Promise((r) => setTimeout(r, 200));
    await backend.shutdown();
    await new Promise((r) => gateway.close(r));
    expect(pushes.length).toBeGreaterThanOrEqual(2);
    expect(pushes[0]).toMatchObject({ method: 'PUT', url: '/metrics/job/herald' });
    expect(pushes.at(-1)!.body).toContain('batch_items_total 7');
  });

  it('store_in_db writes snapshots to metrics_table through TypeORM (SQLite)', async () => {
    const dataSource = await new DataSource({
      ...memorySqlite(),
    }).initialize();
    const backend = new PrometheusMetricsBackend({
      listen: false,
      enableDefaultMetrics: false,
      storeInDb: true,
      metricsTable: 'metric_snapshots',
      pushInterval: 3600,
      dataSource,
    });
    try {
      await backend.initialize();
      backend.recordMetric('orders', 3, 'counter', { channel: 'web' });
      backend.recordMetric('lat', 0.5, 'histogram');
      expect(await backend.storeSnapshot()).toBe(3);
      const rows = await dataSource.query(
        'SELECT metric_name, metric_type, labels, value FROM metric_snapshots ORDER BY metric_name',
      );
      expect(rows).toEqual([
        { metric_name: 'lat_count', metric_type: 'histogram', labels: '{}', value: 1 },
        { metric_name: 'lat_sum', metric_type: 'histogram', labels: '{}', value: 0.5 },
        { metric_name: 'orders', metric_type: 'counter', labels: '{"channel":"web"}', value: 3 },
      ]);
    } finally {
      await backend.shutdown();
      await dataSource.destroy();
    }
  });

  it('store_in_db works on PostgreSQL too', async () => {
    const table = `herald_metrics_spec_${process.pid}_${Date.now()}`;
    const dataSource = await new DataSource({
      type: 'postgres',
      host: '127.0.0.1',
      port: 5432,
      username: 'postgres',
      database: 'test',
    }).initialize();
    const backend = new PrometheusMetricsBackend({
      listen: false,
      enableDefaultMetrics: false,
      storeInDb: true,
      metricsTable: table,
      pushInterval: 3600,
      dataSource,
    });
    try {
      await backend.initialize();
      backend.recordMetric('depth', 9, 'gauge', { queue: 'sms' });
      expect(await backend.storeSnapshot()).toBe(1);
      const rows = await dataSource.query(`SELECT metric_name, labels, value FROM "${table}"`);
      expect(rows).toEqual([{ metric_name: 'depth', labels: '{"queue":"sms"}', value: 9 }]);
    } finally {
      await backend.shutdown();
      await dataSource.query(`DROP TABLE IF EXISTS "${table}"`);
      await dataSource.destroy();
    }
  });

  it('throws BackendNotAvailableError when prom-client is missing', () => {
    jest.isolateModules(() => {
      jest.doMock('prom-client', () => {
        const error = new Error("Cannot find module 'prom-client'") as NodeJS.ErrnoException;
        error.code = 'MODULE_NOT_FOUND';
        throw error;
      });
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const { PrometheusMetricsBackend: Isolated } = require('./prometheus-metrics.backend.js');
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const errors = require('../../errors/backend-not-available.error.js');
      expect(() => new Isolated()).toThrow(errors.BackendNotAvailableError);
      expect(() => new Isolated()).toThrow(/prom-client/);
      jest.dontMock('prom-client');
    });
    expect(BackendNotAvailableError).toBeDefined();
  });
});
