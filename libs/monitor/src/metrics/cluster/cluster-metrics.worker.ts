import { HeraldValueError } from '../../errors/herald-value.error.js';
import type { ScrapeSource } from '../exposition/scrape-source.js';
import {
  CLUSTER_METRICS_REQUEST,
  CLUSTER_METRICS_RESPONSE,
  type ClusterMetricsRequest,
  type ClusterMetricsResponse,
} from './cluster-metrics.types.js';

/** The IPC side of a cluster worker (`process` in a worker). */
export interface ClusterWorkerChannel {
  on(event: 'message', listener: (message: unknown) => void): unknown;
  off(event: 'message', listener: (message: unknown) => void): unknown;
  send?(message: unknown): boolean;
}

function isRequest(message: unknown): message is ClusterMetricsRequest {
  return (
    typeof message === 'object' &&
    message !== null &&
    (message as ClusterMetricsRequest).type === CLUSTER_METRICS_REQUEST &&
    typeof (message as ClusterMetricsRequest).id === 'number'
  );
}

/**
 * Makes this `node:cluster` worker answer its primary's
 * `ClusterMetricsAggregator` with `source.snapshot()` (the worker's Herald
 * instruments and runtime metrics). `MonitorModule` does this by itself in a
 * cluster worker; call it for a worker that has no Nest application. Returns
 * a function that stops answering.
 *
 * @throws HeraldValueError when the process has no IPC channel (it is not a
 *   cluster worker) or the source cannot give a snapshot.
 * @example
 * const stop = serveClusterWorkerMetrics(createScrapeSource({ collector }));
 */
export function serveClusterWorkerMetrics(
  source: ScrapeSource,
  channel: ClusterWorkerChannel = process,
): () => void {
  const send = channel.send?.bind(channel);
  if (send === undefined) {
    throw new HeraldValueError(
      'serveClusterWorkerMetrics() needs an IPC channel to the cluster primary, and this process has none (process.send is undefined): call it in a worker started by cluster.fork().',
    );
  }
  if (typeof source.snapshot !== 'function') {
    throw new HeraldValueError(
      'serveClusterWorkerMetrics() needs a source with snapshot(): pass createScrapeSource({ collector, registry }), a MetricsScrapeService or a PrometheusMetricsBackend.',
    );
  }
  const answer = (response: ClusterMetricsResponse) => {
    try {
      send(response);
    } catch {
      // The primary is gone: nobody waits for the answer.
    }
  };
  const listener = (message: unknown) => {
    if (!isRequest(message)) return;
    const { id } = message;
    source.snapshot!().then(
      (snapshot) => answer({ type: CLUSTER_METRICS_RESPONSE, id, snapshot }),
      (error: unknown) =>
        answer({
          type: CLUSTER_METRICS_RESPONSE,
          id,
          error: error instanceof Error ? error.message : String(error),
        }),
    );
  };
  channel.on('message', listener);
  return () => {
    channel.off('message', listener);
  };
}
