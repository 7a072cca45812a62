import { Inject, Injectable, type OnApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { TRACER, type TracerProtocol } from '@herald/contracts';
import { getPriorityToken } from '@herald/observability';
import { registerDefaultTracer } from './default-tracer.util.js';
import { Tracer } from './tracer.js';

/**
 * Ties the module's tracer to the app's life: it is the helpers' fallback
 * tracer while the app runs, and it is flushed and shut down (exporting the
 * last batch) when the app closes.
 */
@Injectable()
export class TracerLifecycle implements OnModuleInit, OnApplicationShutdown {
  private unregister?: () => void;

  constructor(@Inject(getPriorityToken(TRACER)) private readonly tracer: TracerProtocol) {}

  onModuleInit(): void {
    this.unregister = registerDefaultTracer(this.tracer);
  }

  async onApplicationShutdown(): Promise<void> {
    this.unregister?.();
    if (this.tracer instanceof Tracer) await this.tracer.shutdown();
  }
}
