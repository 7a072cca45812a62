/**
 * A `node:cluster` application for the cluster-metrics e2e test. The primary
 * serves one /metrics (ClusterMetricsAggregator) on an ephemeral port and
 * forks CLUSTER_WORKERS workers, each a Nest application context with
 * MonitorModule (Prometheus backend, runtime metrics) that records known
 * values; with CLUSTER_MUTE_WORKER=1 it also forks a worker that never
 * answers. It prints `{"port":…}` once every worker is ready; SIGTERM stops it.
 */
import 'reflect-metadata';
import cluster from 'node:cluster';
import { createServer } from 'node:http';
import { Inject, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { METRICS_COLLECTOR } from '@herald/contracts';
import {
  ClusterMetricsAggregator,
  createMetricsMiddleware,
  MetricsCollector,
  MonitorModule,
} from '@herald/monitor';

class Recorder {
  constructor(@Inject(METRICS_COLLECTOR) private readonly metrics: MetricsCollector) {}

  record(id: number): void {
    const m = this.metrics;
    m.createCounter('orders_total', 'Orders').increment(id * 10, { channel: 'web' });
    m.createGauge('worker_heap_bytes', 'Heap of the worker').set(1000 * id);
    m.createGauge('queue_depth', 'Jobs waiting', undefined, { aggregation: 'sum' }).set(id);
    m.createGauge('oldest_job_seconds', 'Age', undefined, { aggregation: 'max' }).set(7 * id);
    const latency = m.createHistogram('checkout_seconds', 'Checkout', undefined, [0.1, 1]);
    latency.observe(0.05, { step: 'pay' });
    latency.observe(0.6 * id, { step: 'pay' });
    const sizes = m.createSummary('basket_items', 'Items per basket');
    for (let i = 1; i <= 4; i++) sizes.observe(i + 4 * (id - 1));
  }
}

@Module({
  imports: [
    MonitorModule.configure({
      config: { backend_type: 'prometheus', prometheus: { enable_default_metrics: true } },
    }),
  ],
  providers: [Recorder],
})
class WorkerModule {}

async function runWorker(): Promise<void> {
  if (process.env.CLUSTER_MUTE_WORKER_ROLE === '1') {
    setInterval(() => undefined, 1 << 30);
    process.send!({ ready: cluster.worker!.id });
    return;
  }
  const app = await NestFactory.createApplicationContext(WorkerModule, { logger: false });
  app.get(Recorder).record(cluster.worker!.id);
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
  process.send!({ ready: cluster.worker!.id });
}

async function runPrimary(): Promise<void> {
  const aggregator = new ClusterMetricsAggregator({
    timeoutMs: Number(process.env.CLUSTER_TIMEOUT_MS ?? 5000),
  });
  const server = createServer(createMetricsMiddleware({ source: aggregator }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const count = Number(process.env.CLUSTER_WORKERS ?? 2);
  const ready = new Promise<void>((resolve) => {
    let left = count + (process.env.CLUSTER_MUTE_WORKER === '1' ? 1 : 0);
    cluster.on('message', (_worker, message: { ready?: number }) => {
      if (message?.ready !== undefined && --left === 0) resolve();
    });
  });
  for (let i = 0; i < count; i++) cluster.fork();
  if (process.env.CLUSTER_MUTE_WORKER === '1') cluster.fork({ CLUSTER_MUTE_WORKER_ROLE: '1' });
  await ready;
  process.once('SIGTERM', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM');
    server.close(() => process.exit(0));
  });
  process.stdout.write(
    `${JSON.stringify({ port: (server.address() as { port: number }).port })}\n`,
  );
}

(cluster.isPrimary ? runPrimary() : runWorker()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
