import nodeCluster from 'node:cluster';
import { Logger, type LoggerService } from '@nestjs/common';
import { isOptionalAvailable } from '@herald/contracts/internal';
import { Gauge } from '../instruments/gauge.js';
import { loadPromClient, type PromRegistryLike } from '../exposition/prom-client-source.js';
import type { ExpositionFormat } from '../exposition/render-exposition.js';
import { createScrapeSource, type ScrapeSource } from '../exposition/scrape-source.js';
import {
  CLUSTER_METRICS_REQUEST,
  CLUSTER_METRICS_RESPONSE,
  type ClusterMetricsResponse,
  type WorkerMetricsSnapshot,
} from './cluster-metrics.types.js';
import { mergeClusterSnapshots, WORKER_LABEL } from './merge-cluster-metrics.util.js';

/** A cluster worker as the primary sees it (`cluster.workers[id]`). */
export interface ClusterWorkerHandle {
  id: number | string;
  isConnected(): boolean;
  send(message: unknown, callback?: (error: Error | null) => void): boolean;
  on(event: 'message', listener: (message: unknown) => void): unknown;
  on(event: 'exit', listener: () => void): unknown;
  off(event: 'message' | 'exit', listener: (...args: any[]) => void): unknown;
}

/** Options of `ClusterMetricsAggregator`. */
export interface ClusterMetricsAggregatorOptions {
  /**
   * How long one scrape waits for the workers; a worker that has not
   * answered by then is left out of that scrape and reported. @default 5000
   */
  timeoutMs?: number;
  /** Where left-out workers and unmergeable metrics are reported. @default a Nest `Logger` */
  logger?: Pick<LoggerService, 'warn'>;
  /** The workers to ask. @default those of `node:cluster` (`cluster.workers`) */
  workers?: () => Iterable<ClusterWorkerHandle>;
}

/** A worker that could not be merged in one scrape, and why. */
export interface MissingClusterWorker {
  worker: string;
  reason: string;
}

/** Name of the series saying which workers answered the last scrape. */
export const CLUSTER_WORKER_UP = 'herald_cluster_worker_up';

type Answer = { answer: WorkerMetricsSnapshot } | { missing: MissingClusterWorker };

function isResponse(message: unknown, id: number): message is ClusterMetricsResponse {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as ClusterMetricsResponse).type === CLUSTER_METRICS_RESPONSE &&
    (message as ClusterMetricsResponse).id === id
  );
}

/**
 * One /metrics for a `node:cluster` application, served by the primary (the
 * role of prom-client's `AggregatorRegistry`): each scrape asks every worker
 * over IPC for its metrics (workers answer through `MonitorModule`, or
 * `serveClusterWorkerMetrics()`), merges them (see `mergeClusterSnapshots`)
 * and renders the result in the asked format. prom-client metrics of the
 * workers (runtime metrics) are merged by prom-client's own
 * `AggregatorRegistry.aggregate()`. A worker that does not answer within
 * `timeoutMs` is left out, logged, and shown as
 * `herald_cluster_worker_up{worker="<id>"} 0`; the scrape never hangs on it.
 *
 * @example
 * if (cluster.isPrimary) {
 *   const metrics = new ClusterMetricsAggregator({ timeoutMs: 2000 });
 *   http.createServer(createMetricsMiddleware({ source: metrics })).listen(9100);
 *   for (let i = 0; i < 4; i++) cluster.fork();
 * }
 */
export class ClusterMetricsAggregator implements ScrapeSource {
  private readonly timeoutMs: number;
  private readonly logger: Pick<LoggerService, 'warn'>;
  private readonly workers: () => Iterable<ClusterWorkerHandle>;
  private sequence = 0;

  constructor(options: ClusterMetricsAggregatorOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.logger = options.logger ?? new Logger('HeraldClusterMetrics');
    this.workers =
      options.workers ??
      (() => Object.values(nodeCluster.workers ?? {}) as unknown as ClusterWorkerHandle[]);
  }

  /** The merged metrics of every worker that answered, in `format`. */
  async metrics(format: ExpositionFormat = 'prometheus'): Promise<string> {
    const { answers, missing } = await this.collect();
    const merged = mergeClusterSnapshots(answers);
    for (const m of missing) {
      this.logger.warn(
        `cluster worker ${m.worker} ${m.reason}; its metrics are left out of this scrape`,
      );
    }
    for (const problem of merged.problems) this.logger.warn(problem);
    const up = new Gauge(
      CLUSTER_WORKER_UP,
      'Whether the cluster worker answered the metrics scrape (1) or was left out (0)',
    );
    for (const { worker } of answers) up.set(1, { [WORKER_LABEL]: worker });
    for (const { worker } of missing) up.set(0, { [WORKER_LABEL]: worker });
    if (up.seriesCount > 0 && merged.collector.getMetric(CLUSTER_WORKER_UP) === undefined) {
      merged.collector.registerMetric(up);
    }
    let registry: PromRegistryLike | undefined;
    if (merged.promMetrics.length > 0 && isOptionalAvailable('prom-client')) {
      const prom = loadPromClient('Cluster runtime metrics');
      registry = prom.AggregatorRegistry.aggregate(merged.promMetrics as any);
    }
    return createScrapeSource({ collector: merged.collector, registry }).metrics(format);
  }

  /** Asks every worker once: the snapshots of those that answered in time, and the others. */
  async collect(): Promise<{
    answers: WorkerMetricsSnapshot[];
    missing: MissingClusterWorker[];
  }> {
    const id = ++this.sequence;
    const results = await Promise.all(
      [...this.workers()].filter(Boolean).map((worker) => this.ask(worker, id)),
    );
    const answers: WorkerMetricsSnapshot[] = [];
    const missing: MissingClusterWorker[] = [];
    for (const result of results) {
      if ('answer' in result) answers.push(result.answer);
      else missing.push(result.missing);
    }
    return { answers, missing };
  }

  private ask(handle: ClusterWorkerHandle, id: number): Promise<Answer> {
    const worker = String(handle.id);
    return new Promise<Answer>((resolve) => {
      if (!handle.isConnected()) {
        resolve({ missing: { worker, reason: 'is not connected' } });
        return;
      }
      const finish = (result: Answer) => {
        clearTimeout(timer);
        handle.off('message', onMessage);
        handle.off('exit', onExit);
        resolve(result);
      };
      const onMessage = (message: unknown) => {
        if (!isResponse(message, id)) return;
        if (message.snapshot) finish({ answer: { worker, snapshot: message.snapshot } });
        else
          finish({ missing: { worker, reason: `failed to read its metrics: ${message.error}` } });
      };
      const onExit = () => finish({ missing: { worker, reason: 'exited before answering' } });
      const timer = setTimeout(
        () => finish({ missing: { worker, reason: `did not answer within ${this.timeoutMs} ms` } }),
        this.timeoutMs,
      );
      timer.unref();
      handle.on('message', onMessage);
      handle.on('exit', onExit);
      try {
        handle.send({ type: CLUSTER_METRICS_REQUEST, id }, (error) => {
          if (error)
            finish({ missing: { worker, reason: `could not be asked: ${error.message}` } });
        });
      } catch (error) {
        finish({
          missing: { worker, reason: `could not be asked: ${(error as Error)?.message ?? error}` },
        });
      }
    });
  }
}
