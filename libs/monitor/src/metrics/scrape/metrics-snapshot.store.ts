import type { MetricProtocol } from '@herald/contracts';
import { HeraldValueError } from '../../errors/herald-value.error';
import { Counter } from '../instruments/counter';
import { Gauge } from '../instruments/gauge';
import { Histogram } from '../instruments/histogram';
import { Summary } from '../instruments/summary';
import type { BaseMetric } from '../instruments/base-metric';

/** The part of a TypeORM `DataSource` the snapshot store uses. */
export interface SnapshotDataSource {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
  options: { type: string };
  driver: { escape(name: string): string };
}

/** One row of `metrics_table`. */
export interface MetricSnapshotRow {
  metric_name: string;
  metric_type: string;
  labels: string;
  value: number;
  recorded_at: number;
}

/**
 * `ScrapeConfig.store_in_db`: writes a snapshot of every series (counters and
 * gauges by value, histograms and summaries as `_count` and `_sum`) to
 * `metrics_table` through a TypeORM `DataSource` (PostgreSQL, SQLite...).
 * The table is created when missing.
 */
export class MetricsSnapshotStore {
  private readonly table: string;
  private ready: Promise<unknown> | undefined;

  constructor(
    private readonly dataSource: SnapshotDataSource,
    table = 'herald_metrics',
  ) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(table)) {
      throw new HeraldValueError(`Invalid metrics_table "${table}": use a plain SQL identifier.`);
    }
    this.table = dataSource.driver.escape(table);
  }

  /** Creates the table when it does not exist yet. */
  ensureTable(): Promise<unknown> {
    this.ready ??= this.dataSource.query(
      `CREATE TABLE IF NOT EXISTS ${this.table} (metric_name varchar(255) NOT NULL, metric_type varchar(16) NOT NULL, labels text NOT NULL, value double precision NOT NULL, recorded_at bigint NOT NULL)`,
    );
    return this.ready;
  }

  /** Writes one snapshot of `metrics`; resolves with the number of rows written. */
  async store(metrics: readonly MetricProtocol[], now = Date.now()): Promise<number> {
    await this.ensureTable();
    const rows = metrics.flatMap((m) => snapshotRows(m, now));
    const pg = this.dataSource.options.type === 'postgres';
    for (let start = 0; start < rows.length; start += 200) {
      const chunk = rows.slice(start, start + 200);
      const params: unknown[] = [];
      const tuples = chunk.map((r) => {
        const base = params.length;
        params.push(r.metric_name, r.metric_type, r.labels, r.value, r.recorded_at);
        const marks = [1, 2, 3, 4, 5].map((i) => (pg ? `$${base + i}` : '?'));
        return `(${marks.join(', ')})`;
      });
      await this.dataSource.query(
        `INSERT INTO ${this.table} (metric_name, metric_type, labels, value, recorded_at) VALUES ${tuples.join(', ')}`,
        params,
      );
    }
    return rows.length;
  }
}

function labelsOf(metric: BaseMetric, index: number): string {
  const out: Record<string, string> = { ...metric.constLabels };
  const values = metric.seriesValues(index);
  metric.labelNames.forEach((n, i) => {
    if (values[i]) out[n] = values[i];
  });
  return JSON.stringify(out);
}

/** The rows of one instrument's snapshot. */
export function snapshotRows(metric: MetricProtocol, now: number): MetricSnapshotRow[] {
  const rows: MetricSnapshotRow[] = [];
  const row = (name: string, type: string, labels: string, value: number) =>
    rows.push({ metric_name: name, metric_type: type, labels, value, recorded_at: now });
  if (metric instanceof Counter || metric instanceof Gauge) {
    for (let i = 0; i < metric.seriesCount; i++) {
      row(metric.name, metric.type, labelsOf(metric, i), metric.valueAt(i));
    }
  } else if (metric instanceof Histogram || metric instanceof Summary) {
    const countAt = metric instanceof Histogram ? metric.buckets.length + 1 : 0;
    for (let i = 0; i < metric.seriesCount; i++) {
      const data = metric.seriesData(i);
      const labels = labelsOf(metric, i);
      row(`${metric.name}_count`, metric.type, labels, data[countAt]);
      row(`${metric.name}_sum`, metric.type, labels, data[countAt + 1]);
    }
  }
  return rows;
}
