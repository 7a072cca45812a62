import { Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { HealthCheckCategory } from '@herald/contracts';
import {
  DatabaseHealthCheck,
  HealthChecker,
  HealthCheckRunner,
  MonitorModule,
  RedisHealthCheck,
} from '@herald/monitor';

@Injectable()
export class PaymentsHealth {
  // found at bootstrap and added to the application's runner
  @HealthChecker('payments.api', {
    category: HealthCheckCategory.READINESS,
    critical: false,
    timeoutMs: 1000,
  })
  async up() {
    return true; // boolean, { status?, message?, ...details } or a HealthCheckResult
  }
}

@Injectable()
export class HealthSetup implements OnModuleInit {
  constructor(
    private readonly runner: HealthCheckRunner,
    private readonly dataSource: DataSource, // from TypeOrmModule.forRoot(...) in your app
  ) {}

  async onModuleInit() {
    this.runner.add('db', new DatabaseHealthCheck(this.dataSource)); // TypeORM, SELECT 1
    this.runner.add('redis', new RedisHealthCheck({ url: 'redis://127.0.0.1:6379' })); // one connection
    this.runner.register(HealthChecker('cache')(() => true)); // a marked plain function
    const [status, results] = await this.runner.runAllWithSummary();
    return { status, results };
  }
}

@Module({
  imports: [MonitorModule.forRoot()],
  providers: [PaymentsHealth, HealthSetup],
})
export class HealthModule {}
