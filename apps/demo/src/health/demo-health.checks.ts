import { Injectable, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { HealthCheckCategory } from '@herald/contracts';
import {
  DatabaseHealthCheck,
  EventLoopHealthCheck,
  HealthChecker,
  HealthCheckRunner,
  HeapHealthCheck,
  RedisHealthCheck,
} from '@herald/monitor';
import { RealtimeHub } from '../admin/realtime/realtime-hub.service.js';

/** Heap above which the demo reports itself unhealthy (DEGRADED from 90 % of it). */
const HEAP_LIMIT_BYTES = 1024 * 1024 * 1024;

/**
 * The demo's own checks: its TypeORM database (readiness, via `@HealthChecker`,
 * found at bootstrap), migrations done (startup), event-loop delay and heap
 * (liveness, added in code), and with the Redis fan-out on (`DEMO_REDIS_URL`)
 * `redis`: PING over the fan-out's own connection (readiness, non-critical: without
 * Redis one instance still serves, only other instances' live events are
 * missing, so the app reports DEGRADED). Contributors' checks such as
 * `notifications.inbox` are added by the admin shell.
 */
@Injectable()
export class DemoHealthChecks implements OnModuleInit {
  private readonly database: DatabaseHealthCheck;

  constructor(
    private readonly runner: HealthCheckRunner,
    private readonly dataSource: DataSource,
    private readonly realtime: RealtimeHub,
  ) {
    this.database = new DatabaseHealthCheck(dataSource);
  }

  onModuleInit(): void {
    if (!this.runner.has('event_loop')) {
      this.runner.add('event_loop', new EventLoopHealthCheck({ thresholdMs: 200 }), {
        category: HealthCheckCategory.LIVENESS,
      });
    }
    if (this.realtime.options.redisUrl && !this.runner.has('redis')) {
      const fanout = { ping: () => this.realtime.pingRedis() };
      this.runner.add('redis', new RedisHealthCheck({ client: fanout, critical: false }), {
        category: HealthCheckCategory.READINESS,
        critical: false,
      });
    }
    if (!this.runner.has('memory.heap')) {
      this.runner.add('memory.heap', new HeapHealthCheck({ thresholdBytes: HEAP_LIMIT_BYTES }), {
        category: HealthCheckCategory.LIVENESS,
      });
    }
  }

  @HealthChecker('database', { category: HealthCheckCategory.READINESS, timeoutMs: 2000 })
  databaseReachable() {
    return this.database.check();
  }

  @HealthChecker('migrations', { category: HealthCheckCategory.STARTUP })
  async migrationsApplied() {
    if (!this.dataSource.isInitialized)
      return { healthy: false, message: 'database not initialized' };
    const pending = await this.dataSource.showMigrations();
    return pending ? { healthy: false, message: 'migrations are pending' } : true;
  }
}
