import type { MetricProtocol } from '@herald/contracts';
import { HeraldValueError } from '../../errors/herald-value.error.js';
import { readMetricSeries } from '../collector/metric-series.util.js';

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

/** The rows of one instrument's snapshot. */
export function snapshotRows(metric: MetricProtocol, now: number): MetricSnapshotRow[] {
  const rows: MetricSnapshotRow[] = [];
  const row = (name: string, type: string, labels: string, value: number) =>
    rows.push({ metric_name: name, metric_type: type, labels, value, recorded_at: now });
  for (const series of readMetricSeries(metric)) {
    const labels = JSON.stringify(series.labels);
    if (series.count === undefined) {
      row(series.name, series.type, labels, series.value);
    } else {
      row(`${series.name}_count`, series.type, labels, series.count);
      row(`${series.name}_sum`, series.type, labels, series.value);
    }
  }
  return rows;
}
