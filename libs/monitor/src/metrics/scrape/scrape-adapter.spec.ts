import { createServer } from 'node:http';
import { MissingDependencyError } from '@herald/contracts';
import { register as globalRegistry } from 'prom-client';
import { InvalidMetricError } from '../../errors/invalid-metric.error.js';
import { ScrapeAdapter } from './scrape-adapter.js';

describe('ScrapeAdapter', () => {
  it('records into its own registry (not the global one); label keys fixed on first use', async () => {
    const adapter = new ScrapeAdapter();
    await adapter.counter('jobs_total', 2, { queue: 'mail', prio: 'high' });
    await adapter.counter('jobs_total', 1, { queue: 'mail' });
    await adapter.gauge('depth', 5);
    await adapter.histogram('lat_seconds', 0.2, { op: 'read' });
    await adapter.flush();
    const text = await adapter.registry!.metrics();
    expect(text).toContain('jobs_total{queue="mail",prio="high"} 2');
    expect(text).toContain('jobs_total{queue="mail",prio=""} 1');
    expect(text).toContain('depth 5');
    expect(text).toContain('lat_seconds_count{op="read"} 1');
    expect(await globalRegistry.metrics()).not.toContain('jobs_total');
    await expect(adapter.counter('jobs_total', 1, { other: 'x' })).rejects.toThrow(
      InvalidMetricError,
    );
    await expect(adapter.gauge('jobs_total', 1)).rejects.toThrow(/first used as a counter/);
    await expect(adapter.counter('bad name', 1)).rejects.toThrow(InvalidMetricError);
  });

  it('metricsApp serves the registry over node:http', async () => {
    const adapter = new ScrapeAdapter();
    await adapter.counter('served_total', 3);
    const server = createServer(adapter.metricsApp);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const { port } = server.address() as { port: number };
    try {
      const res = await fetch(`http://127.0.0.1:${port}/`);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('served_total 3');
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it('without prom-client: records through a collector, metricsApp names the package', async () => {
    jest.resetModules();
    jest.doMock('prom-client', () => {
      const error = new Error("Cannot find module 'prom-client'") as NodeJS.ErrnoException;
      error.code = 'MODULE_NOT_FOUND';
      throw error;
    });
    jest.doMock('@herald/contracts/internal', () => ({
      ...jest.requireActual('@herald/contracts/internal'),
      isOptionalAvailable: (name: string) => name !== 'prom-client',
    }));
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { ScrapeAdapter: Isolated } = require('./scrape-adapter.js');
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const contracts = require('@herald/contracts');
    const adapter = new Isolated();
    await adapter.counter('jobs_total', 2, { queue: 'mail' });
    expect(adapter.registry).toBeUndefined();
    expect(adapter.fallback.getMetric('jobs_total').getCount()).toBe(2);
    expect(() => adapter.metricsApp).toThrow(contracts.MissingDependencyError);
    expect(() => adapter.metricsApp).toThrow(/prom-client/);
    jest.dontMock('prom-client');
    jest.dontMock('@herald/contracts/internal');
    expect(MissingDependencyError).toBeDefined();
  });
});
