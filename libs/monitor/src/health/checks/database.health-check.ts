import { BaseHealthCheck } from '../base-health-check.js';

/** What the database check needs: a TypeORM `DataSource` fits. */
export interface DataSourceLike {
  isInitialized?: boolean;
  query(sql: string): Promise<unknown>;
}

/** Options of `DatabaseHealthCheck`. */
export interface DatabaseHealthCheckOptions {
  /** @default 'database' */
  name?: string;
  /** @default true */
  critical?: boolean;
  /** @default 2000 */
  timeoutMs?: number;
  /** @default 'SELECT 1' */
  query?: string;
}

/**
 * Runs `SELECT 1` on a TypeORM `DataSource` (PostgreSQL, SQLite, MySQL...).
 * UNHEALTHY when the data source is not initialized or the query fails.
 *
 * @example runner.add('db', new DatabaseHealthCheck(dataSource), { category: HealthCheckCategory.READINESS })
 */
export class DatabaseHealthCheck extends BaseHealthCheck {
  private readonly sql: string;

  constructor(
    private readonly dataSource: DataSourceLike,
    options: DatabaseHealthCheckOptions = {},
  ) {
    super(options.name ?? 'database', options.critical ?? true);
    this.timeoutMs = options.timeoutMs ?? 2000;
    this.sql = options.query ?? 'SELECT 1';
  }

  protected async probe(): Promise<unknown> {
    if (this.dataSource.isInitialized === false) {
      return { healthy: false, message: 'the data source is not initialized' };
    }
    await this.dataSource.query(this.sql);
    return true;
  }
}
