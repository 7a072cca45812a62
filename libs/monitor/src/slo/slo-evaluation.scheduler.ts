import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { SLOMonitor } from './slo.monitor.js';

/**
 * Runs `evaluateAndDispatch()` every `intervalMs` while the application is up
 * (the `slo` config section with `enabled: true`). The timer is unref'd and
 * stopped on module destroy; one evaluation never overlaps the next.
 */
export class SloEvaluationScheduler implements OnApplicationBootstrap, OnModuleDestroy {
  private timer?: NodeJS.Timeout;
  private running = false;
  private readonly logger = new Logger('HeraldSLO');

  constructor(
    private readonly monitor: SLOMonitor,
    private readonly intervalMs: number,
    private readonly enabled: boolean,
  ) {}

  get active(): boolean {
    return this.timer !== undefined;
  }

  onApplicationBootstrap(): void {
    if (!this.enabled || this.timer) return;
    this.timer = setInterval(() => void this.tick(), this.intervalMs);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }

  /** One evaluation; errors are logged, never thrown. */
  async tick(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      await this.monitor.evaluateAndDispatch();
    } catch (error) {
      this.logger.error(`SLO evaluation failed: ${(error as Error).message}`);
    } finally {
      this.running = false;
    }
  }
}
