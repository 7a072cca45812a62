import type { IncomingMessage, ServerResponse } from 'node:http';
import { Inject, Injectable } from '@nestjs/common';
import {
  METRICS_BACKEND,
  METRICS_COLLECTOR,
  type MetricsBackendProtocol,
  type MetricsCollectorProtocol,
  type MonitorConfig,
} from '@herald/contracts';
import { isOptionalAvailable } from '@herald/contracts/internal';
import { MONITOR_CONFIG } from '../../monitor.constants.js';
import { PrometheusMetricsBackend } from '../backends/prometheus-metrics.backend.js';
import { loadPromClient, registerRuntimeMetrics } from '../exposition/prom-client-source.js';
import type { ExpositionFormat } from '../exposition/render-exposition.js';
import { createScrapeSource, type ScrapeSource } from '../exposition/scrape-source.js';
import type { ClusterMetricsSnapshot } from '../cluster/cluster-metrics.types.js';
import { createBearerCheck } from '../../utils/bearer-auth.util.js';
import {
  createMetricsMiddleware,
  serveScrape,
  type NodeHandler,
} from '../scrape/metrics.middleware.js';

/**
 * The application's scrape endpoint: the bound collector's instruments plus
 * the Node runtime metrics (`prometheus.enable_default_metrics`, from the
 * Prometheus backend's registry or a prom-client registry of this service's
 * own), behind `prometheus.auth_token`.
 */
@Injectable()
export class MetricsScrapeService implements ScrapeSource {
  /** `prometheus.path`. */
  readonly path: string;
  private readonly source: ScrapeSource;
  private readonly authorized: (header: unknown) => boolean;

  constructor(
    @Inject(METRICS_COLLECTOR) collector: MetricsCollectorProtocol,
    @Inject(METRICS_BACKEND) backend: MetricsBackendProtocol,
    @Inject(MONITOR_CONFIG) private readonly config: MonitorConfig,
  ) {
    const scrape = config.prometheus;
    this.path = scrape.path;
    this.authorized = createBearerCheck(scrape.authToken);
    if (backend instanceof PrometheusMetricsBackend) {
      // It reads the application's collector (attached when it was built)
      // and holds the runtime metrics.
      this.source = backend;
    } else {
      // The runtime-metrics registry is made on first use, so an
      // application that never mounts /metrics pays nothing for it.
      let inner: ScrapeSource | undefined;
      const source = (): ScrapeSource => {
        if (!inner) {
          let registry: import('prom-client').Registry | undefined;
          if (scrape.enableDefaultMetrics && isOptionalAvailable('prom-client')) {
            registry = new (loadPromClient('Runtime metrics').Registry)();
            registerRuntimeMetrics(registry);
          }
          inner = createScrapeSource({ collector, registry });
        }
        return inner;
      };
      this.source = {
        metrics: (format?: ExpositionFormat) => source().metrics(format),
        snapshot: () => source().snapshot!(),
      };
    }
  }

  /** The body in `format` (OpenMetrics ends with `# EOF`). */
  metrics(format: ExpositionFormat = 'prometheus'): Promise<string> {
    return this.source.metrics(format);
  }

  /** The same metrics as mergeable data (what a cluster worker sends its primary). */
  snapshot(): Promise<ClusterMetricsSnapshot> {
    return this.source.snapshot!();
  }

  /** Answers one scrape request (bearer check, `Accept` negotiation). */
  handle(req: IncomingMessage, res: ServerResponse): void {
    serveScrape(this.source, this.authorized, req, res);
  }

  /** A `(req, res, next)` handler for `prometheus.path` (other paths go to `next`). */
  middleware(): NodeHandler {
    return createMetricsMiddleware({
      source: this.source,
      path: this.path,
      authToken: this.config.prometheus.authToken,
    });
  }
}
