import type { MetricsCollectorProtocol } from '@herald/contracts';
import { MetricsCollector } from '../collector/metrics-collector.js';
import type { ClusterMetricsSnapshot } from '../cluster/cluster-metrics.types.js';
import { snapshotMetrics } from '../cluster/snapshot-metrics.util.js';
import { renderPromRegistry, type PromRegistryLike } from './prom-client-source.js';
import {
  OPENMETRICS_CONTENT_TYPE,
  PROMETHEUS_CONTENT_TYPE,
  type ExpositionFormat,
} from './render-exposition.js';

/** Anything /metrics can serve: it renders its metrics in the asked format. */
export interface ScrapeSource {
  /** The exposition body; OpenMetrics bodies end with `# EOF`. */
  metrics(format?: ExpositionFormat): Promise<string>;
  /**
   * The same metrics as data a `node:cluster` primary can merge (what a
   * worker answers `ClusterMetricsAggregator` with). Sources built by
   * `createScrapeSource` have it.
   */
  snapshot?(): Promise<ClusterMetricsSnapshot>;
}

/** The content type of a `format` body. */
export function contentTypeOf(format: ExpositionFormat): string {
  return format === 'openmetrics' ? OPENMETRICS_CONTENT_TYPE : PROMETHEUS_CONTENT_TYPE;
}

/**
 * A scrape source over a Herald collector (its instruments are serialised
 * straight from their typed arrays) and, optionally, a prom-client registry
 * (runtime metrics, or metrics an application registered with prom-client).
 * A collector that is not Herald's own (the no-op one) contributes nothing.
 */
export function createScrapeSource(parts: {
  collector?: MetricsCollectorProtocol;
  registry?: PromRegistryLike;
}): ScrapeSource {
  return {
    async metrics(format: ExpositionFormat = 'prometheus'): Promise<string> {
      let body =
        parts.collector instanceof MetricsCollector ? parts.collector.metricsText(format) : '';
      if (parts.registry) {
        const extra = await renderPromRegistry(parts.registry, format);
        if (extra) body += body && !body.endsWith('\n') ? `\n${extra}` : extra;
      }
      if (format === 'openmetrics') body += '# EOF\n';
      return body;
    },
    async snapshot(): Promise<ClusterMetricsSnapshot> {
      return {
        families:
          parts.collector instanceof MetricsCollector
            ? snapshotMetrics(parts.collector.getAllMetrics())
            : [],
        promMetrics: parts.registry ? await parts.registry.getMetricsAsJSON() : [],
      };
    },
  };
}

/**
 * One source serving several: bodies concatenated, a single `# EOF` for
 * OpenMetrics; snapshots joined (sources without `snapshot()` add nothing).
 */
export function combineScrapeSources(...sources: ScrapeSource[]): ScrapeSource {
  return {
    async metrics(format: ExpositionFormat = 'prometheus'): Promise<string> {
      const bodies = await Promise.all(sources.map((s) => s.metrics(format)));
      const joined = bodies.map((b) => b.replace(/# EOF\n?$/, '')).join('');
      return format === 'openmetrics' ? `${joined}# EOF\n` : joined;
    },
    async snapshot(): Promise<ClusterMetricsSnapshot> {
      const parts = await Promise.all(sources.map((s) => s.snapshot?.()));
      return {
        families: parts.flatMap((p) => p?.families ?? []),
        promMetrics: parts.flatMap((p) => p?.promMetrics ?? []),
      };
    },
  };
}
