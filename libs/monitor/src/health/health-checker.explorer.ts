import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { DiscoveryService, MetadataScanner, ModuleRef } from '@nestjs/core';
import {
  HEALTH_PROBE_COMPLETED_EVENT,
  HealthStatus,
  type HealthProbeCompletedEvent,
} from '@herald/contracts';
import { heraldRequire, isOptionalAvailable } from '@herald/contracts/internal';
import { getHealthCheckerMetadata } from './health-checker.decorator.js';
import { HealthCheckRunner } from './health-check-runner.js';
import { HealthCheckerRegistry } from './health-checker-registry.js';

interface EventEmitterLike {
  emit(event: string, payload: HealthProbeCompletedEvent): unknown;
}

/**
 * At bootstrap, finds the provider methods marked with `@HealthChecker()`
 * (through the public `DiscoveryService` / `MetadataScanner`) and adds them to
 * the default `HealthCheckRunner`. When `@nestjs/event-emitter` is in the
 * application, it also emits `HEALTH_PROBE_COMPLETED_EVENT` after each check run
 * of any runner of the module's registry.
 */
@Injectable()
export class HealthCheckerExplorer implements OnModuleInit {
  private readonly logger = new Logger('HeraldHealth');
  private unsubscribe?: () => void;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly runner: HealthCheckRunner,
    private readonly registry: HealthCheckerRegistry,
    private readonly moduleRef: ModuleRef,
  ) {}

  onModuleInit(): void {
    this.registerDecoratedMethods();
    this.bridgeEvents();
  }

  onModuleDestroy(): void {
    this.unsubscribe?.();
  }

  private registerDecoratedMethods(): void {
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const prototype = Object.getPrototypeOf(instance) as object | null;
      if (!prototype) continue;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const meta = getHealthCheckerMetadata((prototype as Record<string, unknown>)[method]);
        if (!meta) continue;
        if (this.runner.has(meta.name)) {
          this.logger.warn(
            `@HealthChecker('${meta.name}') on ${wrapper.name}.${method} is ignored: a check with that name is already registered.`,
          );
          continue;
        }
        const fn = (instance[method] as (...args: unknown[]) => unknown).bind(instance);
        this.runner.add(meta.name, fn as () => boolean, meta);
      }
    }
  }

  private bridgeEvents(): void {
    if (!isOptionalAvailable('@nestjs/event-emitter')) return;
    let emitter: EventEmitterLike | undefined;
    try {
      const { EventEmitter2 } = heraldRequire('@nestjs/event-emitter') as {
        EventEmitter2: new () => unknown;
      };
      emitter = this.moduleRef.get(EventEmitter2, { strict: false }) as EventEmitterLike;
    } catch {
      return; // EventEmitterModule is not imported: nobody listens
    }
    this.unsubscribe = this.registry.onCheckCompleted((result) =>
      emitter!.emit(HEALTH_PROBE_COMPLETED_EVENT, {
        checkName: result.name,
        healthy: result.status === HealthStatus.HEALTHY,
      }),
    );
  }
}
