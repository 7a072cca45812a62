import { type MetricLabels } from '@herald/contracts';
import { heraldMetricHelp, isOptionalAvailable } from '@herald/contracts/internal';
import { InvalidMetricError } from '../../errors/invalid-metric.error.js';
import { MetricsCollector } from '../collector/metrics-collector.js';
import { assertMetricName } from '../instruments/metric-name.util.js';
import { loadPromClient, type PromRegistryLike } from '../exposition/prom-client-source.js';
import { createScrapeSource } from '../exposition/scrape-source.js';
import { createMetricsMiddleware, type NodeHandler } from './metrics.middleware.js';

type Prom = typeof import('prom-client');
type Write = (labels: Record<string, string>, value: number) => void;
type PromMetric = { inc?: Write; set?: Write; observe?: Write };

interface Family {
  type: 'counter' | 'gauge' | 'histogram';
  labelNames: string[];
  metric: PromMetric | undefined;
}

/**
 * Name-based recording into a prom-client registry (its
 * own unless one is given). Label keys are fixed on first use of a name; a
 * known label left out is `''`, an unknown one is an `InvalidMetricError`.
 * Without prom-client, values go to a Herald `MetricsCollector` instead and
 * `metricsApp` throws an error naming the package to install.
 *
 * @example
 * const adapter = new ScrapeAdapter();
 * await adapter.counter('jobs_total', 1, { queue: 'mail' });
 * http.createServer(adapter.metricsApp).listen(9100);
 */
export class ScrapeAdapter {
  /** The prom-client registry, when prom-client is installed. */
  readonly registry: import('prom-client').Registry | undefined;
  /** Where values go when prom-client is not installed. */
  readonly fallback: MetricsCollector | undefined;
  private readonly prom: Prom | undefined;
  private readonly families = new Map<string, Family>();

  constructor(registry?: import('prom-client').Registry) {
    if (isOptionalAvailable('prom-client')) {
      this.prom = loadPromClient('The scrape adapter');
      this.registry = registry ?? new this.prom.Registry();
    } else {
      this.fallback = new MetricsCollector();
    }
  }

  async counter(name: string, value = 1, tags?: MetricLabels): Promise<void> {
    this.write('counter', name, value, tags);
  }

  async gauge(name: string, value: number, tags?: MetricLabels): Promise<void> {
    this.write('gauge', name, value, tags);
  }

  async histogram(name: string, value: number, tags?: MetricLabels): Promise<void> {
    this.write('histogram', name, value, tags);
  }

  /** Nothing is buffered: values are in the registry as soon as they are recorded. */
  async flush(): Promise<void> {}

  /**
   * A `(req, res, next?)` handler serving the registry in the Prometheus text format.
   * @throws MissingDependencyError (naming prom-client) when prom-client is not installed.
   */
  get metricsApp(): NodeHandler {
    const registry = this.registry ?? (loadPromClient('ScrapeAdapter.metricsApp'), undefined);
    const source = createScrapeSource({ registry: registry as unknown as PromRegistryLike });
    const handler = createMetricsMiddleware({ source, path: '/metrics' });
    return (req, res, next) => {
      if (req.url === '/' || req.url?.startsWith('/?')) req.url = '/metrics';
      handler(req, res, next);
    };
  }

  private write(type: Family['type'], name: string, value: number, tags?: MetricLabels): void {
    if (this.fallback) {
      this.fallback.recordByType(
        name,
        value,
        type,
        this.complete(this.family(type, name, tags), tags),
      );
      return;
    }
    const family = this.family(type, name, tags);
    const labels = this.complete(family, tags);
    const metric = family.metric!;
    if (type === 'counter') metric.inc!(labels, value);
    else if (type === 'gauge') metric.set!(labels, value);
    else metric.observe!(labels, value);
  }

  private family(type: Family['type'], name: string, tags?: MetricLabels): Family {
    let family = this.families.get(name);
    if (family === undefined) {
      assertMetricName(name);
      const labelNames = Object.keys(tags ?? {});
      let metric: PromMetric | undefined;
      if (this.prom) {
        const Ctor =
          type === 'counter'
            ? this.prom.Counter
            : type === 'gauge'
              ? this.prom.Gauge
              : this.prom.Histogram;
        metric = new (Ctor as any)({
          name,
          help: heraldMetricHelp(name) ?? name,
          labelNames,
          registers: [this.registry],
        });
      }
      family = { type, labelNames, metric };
      this.families.set(name, family);
    } else if (family.type !== type) {
      throw new InvalidMetricError(
        `Metric "${name}" was first used as a ${family.type}; it cannot be a ${type} too.`,
      );
    }
    return family;
  }

  private complete(family: Family, tags?: MetricLabels): Record<string, string> {
    const out: Record<string, string> = {};
    for (const n of family.labelNames) out[n] = tags?.[n] === undefined ? '' : String(tags[n]);
    for (const key in tags ?? {}) {
      if (!family.labelNames.includes(key)) {
        throw new InvalidMetricError(
          `Unknown label "${key}" for metric: its labels were fixed on first use to [${family.labelNames.join(', ')}].`,
        );
      }
    }
    return out;
  }
}
