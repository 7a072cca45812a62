import { createServer, type Server } from 'node:http';
import { Logger } from '@nestjs/common';
import { MissingDependencyError, type SpanProtocol } from '@herald/contracts';
import { NOOP_SPAN } from '@herald/observability';
import { BackendNotAvailableError } from '../../errors/backend-not-available.error.js';
import type { MetricsCollector } from '../collector/metrics-collector.js';
import { loadPromClient, registerRuntimeMetrics } from '../exposition/prom-client-source.js';
import type { ExpositionFormat } from '../exposition/render-exposition.js';
import { createScrapeSource, type ScrapeSource } from '../exposition/scrape-source.js';
import type { ClusterMetricsSnapshot } from '../cluster/cluster-metrics.types.js';
import { createMetricsMiddleware } from '../scrape/metrics.middleware.js';
import { MetricsPushgateway } from '../scrape/metrics-pushgateway.js';
import { MetricsSnapshotStore, type SnapshotDataSource } from '../scrape/metrics-snapshot.store.js';
import { CollectorMetricsBackend } from './collector-metrics.backend.js';

/** Options of the scrape backend; a `ScrapeConfig` fits (seconds for `pushInterval`). */
export interface PrometheusBackendOptions {
  /** Port of the backend's own HTTP server. @default 8000 */
  port?: number;
  /** Interface of the own server. @default '0.0.0.0' (all, as Prometheus exporters do) */
  host?: string;
  /** @default '/metrics' */
  path?: string;
  /** Also serve Node runtime metrics (prom-client default metrics). @default true */
  enableDefaultMetrics?: boolean;
  /** Push the exposition here every `pushInterval` seconds. */
  pushgatewayUrl?: string;
  /** Seconds between pushes and DB snapshots. @default 15 */
  pushInterval?: number;
  /** Write snapshots to `metricsTable` through `dataSource`. @default false */
  storeInDb?: boolean;
  /** @default 'herald_metrics' */
  metricsTable?: string;
  /** Bearer token required on the scrape path. */
  authToken?: string;
  /** Start the backend's own HTTP server in `initialize()`. @default true */
  listen?: boolean;
  /** A TypeORM `DataSource` for `storeInDb`. */
  dataSource?: SnapshotDataSource;
  /** The collector whose instruments are served. @default one of its own, until `MonitorModule` attaches the application's */
  collector?: MetricsCollector;
  logger?: Pick<Logger, 'warn' | 'log'>;
}

/**
 * The Prometheus scrape backend on prom-client. Herald's instruments keep their own
 * compact storage and are serialised at scrape time; prom-client contributes a
 * `Registry` of this backend's own (never the global one) holding the Node
 * runtime metrics. `initialize()` serves the scrape path on `port` (a taken
 * port is a warning, not a crash), starts the pushgateway and DB snapshots.
 *
 * @throws BackendNotAvailableError when prom-client is not installed.
 */
export class PrometheusMetricsBackend extends CollectorMetricsBackend implements ScrapeSource {
  readonly kind = 'prometheus';
  /** This backend's own prom-client registry. */
  readonly registry: import('prom-client').Registry;
  private source: ScrapeSource;
  private readonly logger: Pick<Logger, 'warn' | 'log'>;
  private server: Server | undefined;
  private pushgateway: MetricsPushgateway | undefined;
  private snapshots: NodeJS.Timeout | undefined;
  private store: MetricsSnapshotStore | undefined;
  private defaultsOn = false;

  constructor(private readonly options: PrometheusBackendOptions = {}) {
    super(options.collector);
    this.options = { ...options };
    let prom: typeof import('prom-client');
    try {
      prom = loadPromClient('The Prometheus metrics backend');
    } catch (error) {
      if (error instanceof MissingDependencyError) {
        throw new BackendNotAvailableError(`${error.message}`, { cause: error });
      }
      throw error;
    }
    this.registry = new prom.Registry();
    this.source = createScrapeSource({ collector: this.collector, registry: this.registry });
    this.logger = options.logger ?? new Logger('PrometheusMetricsBackend');
  }

  /** The port the own server listens on (after `initialize()`), or `undefined`. */
  get listeningPort(): number | undefined {
    const address = this.server?.address();
    return address && typeof address === 'object' ? address.port : undefined;
  }

  async initialize(): Promise<void> {
    const o = this.options;
    if ((o.enableDefaultMetrics ?? true) && !this.defaultsOn) {
      registerRuntimeMetrics(this.registry);
      this.defaultsOn = true;
    }
    if (o.listen ?? true) await this.listen();
    const intervalMs = (o.pushInterval ?? 15) * 1000;
    if (o.pushgatewayUrl && !this.pushgateway) {
      this.pushgateway = new MetricsPushgateway({
        url: o.pushgatewayUrl,
        source: this,
        intervalMs,
      });
      this.pushgateway.start();
    }
    if (o.storeInDb && o.dataSource && !this.snapshots) {
      this.store = new MetricsSnapshotStore(o.dataSource, o.metricsTable);
      await this.store.ensureTable();
      this.snapshots = setInterval(() => {
        this.storeSnapshot().catch((e: unknown) =>
          this.logger.warn(`metrics snapshot failed: ${(e as Error)?.message ?? String(e)}`),
        );
      }, intervalMs);
      this.snapshots.unref();
    } else if (o.storeInDb && !o.dataSource) {
      this.logger.warn(
        'prometheus.store_in_db is on but no TypeORM DataSource is available; snapshots are off',
      );
    }
  }

  async shutdown(): Promise<void> {
    if (this.snapshots) clearInterval(this.snapshots);
    this.snapshots = undefined;
    await this.pushgateway?.stop();
    this.pushgateway = undefined;
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Spans are not this backend's business. */
  async export(_spans?: readonly unknown[]): Promise<void> {}

  /** A no-op span: this backend records metrics only. */
  createSpan(_name?: string): SpanProtocol {
    return NOOP_SPAN;
  }

  /** The exposition body (Herald instruments, then the runtime metrics). */
  metrics(format: ExpositionFormat = 'prometheus'): Promise<string> {
    return this.source.metrics(format);
  }

  /** The same metrics as mergeable data (what a cluster worker sends its primary). */
  snapshot(): Promise<ClusterMetricsSnapshot> {
    return this.source.snapshot!();
  }

  /** Sets the TypeORM `DataSource` of `storeInDb` (before `initialize()`). */
  attachDataSource(dataSource: SnapshotDataSource): void {
    this.options.dataSource = dataSource;
  }

  /** Writes one snapshot to `metrics_table` now; resolves with the row count (0 when off). */
  async storeSnapshot(): Promise<number> {
    return this.store ? this.store.store(this.collector.getAllMetrics()) : 0;
  }

  protected override collectorAttached(collector: MetricsCollector): void {
    this.source = createScrapeSource({ collector, registry: this.registry });
  }

  private async listen(): Promise<void> {
    if (this.server) return;
    const handler = createMetricsMiddleware({
      source: this,
      path: this.options.path ?? '/metrics',
      authToken: this.options.authToken,
    });
    const server = createServer((req, res) => handler(req, res));
    const port = this.options.port ?? 8000;
    await new Promise<void>((resolve) => {
      server.once('error', (error: NodeJS.ErrnoException) => {
        this.logger.warn(
          `metrics server not started on port ${port}: ${error.code === 'EADDRINUSE' ? 'the port is in use' : error.message}; set prometheus.port to a free port`,
        );
        resolve();
      });
      server.listen(port, this.options.host ?? '0.0.0.0', () => {
        this.server = server;
        resolve();
      });
    });
  }
}
