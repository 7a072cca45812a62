import {
  Inject,
  Injectable,
  Logger,
  Optional,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { DEFAULT_PURGE_INTERVAL_MS, INBOX_OPTIONS } from './inbox.constants.js';
import type { InboxModuleOptions } from './inbox-options.interface.js';
import { InboxService } from './inbox.service.js';

/**
 * Purges messages older than `retention_days` at bootstrap and then every
 * `purgeIntervalMs`. Reads never return expired messages anyway; the job only
 * frees their storage. The timer is unref'd and cleared at shutdown.
 */
@Injectable()
export class InboxRetentionJob implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('InboxRetentionJob');
  private timer?: NodeJS.Timeout;
  private running?: Promise<number>;

  constructor(
    private readonly inbox: InboxService,
    @Optional() @Inject(INBOX_OPTIONS) private readonly options: InboxModuleOptions = {},
  ) {}

  onApplicationBootstrap(): void {
    const every = this.options?.purgeIntervalMs ?? DEFAULT_PURGE_INTERVAL_MS;
    void this.purgeNow();
    this.timer = setInterval(() => void this.purgeNow(), every);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.running?.catch(() => 0);
  }

  /** Runs one purge (never two at once); returns how many messages were deleted. */
  async purgeNow(): Promise<number> {
    if (this.running) return this.running;
    this.running = this.inbox
      .purgeExpired()
      .catch((error: Error) => {
        this.logger.warn(`inbox retention purge failed: ${error.message}`);
        return 0;
      })
      .finally(() => (this.running = undefined));
    return this.running;
  }
}
