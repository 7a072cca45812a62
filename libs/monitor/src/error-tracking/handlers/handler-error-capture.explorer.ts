import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { DiscoveryService, MetadataScanner, ModulesContainer } from '@nestjs/core';
import { ERROR_TRACKER, type ErrorTrackerProtocol, type MonitorConfig } from '@herald/contracts';
import { wrapMethod } from '../../decorators/wrap-method.util.js';
import { MONITOR_CONFIG } from '../../monitor.constants.js';
import { captureWorkerErrors, type WorkerLike } from './capture-worker-errors.util.js';
import { reportHandlerError, type HandlerErrorContext } from './report-handler-error.util.js';

/*
 * The metadata keys the decorators of @nestjs/schedule (`@Cron`),
 * @nestjs/event-emitter (`@OnEvent`) and @nestjs/bullmq (`@Processor`) write.
 * Reading them by name keeps those packages optional: an application without
 * them simply has no such metadata.
 */
const CRON_OPTIONS = 'SCHEDULE_CRON_OPTIONS';
const EVENT_LISTENERS = 'EVENT_LISTENER_METADATA';
const PROCESSOR = 'bullmq:processor_metadata';
const WRAPPED = Symbol('herald.handler-error-capture');

type Method = ((...args: unknown[]) => unknown) & { [WRAPPED]?: true };

interface Found {
  instance: Record<string | symbol, unknown>;
  type: string;
}

function eventNames(listeners: Array<{ event: unknown }>): string {
  const names = listeners.map(({ event }) =>
    Array.isArray(event) ? event.map(String).join('.') : String(event),
  );
  return [...new Set(names)].join(', ');
}

/**
 * Reports errors of background handlers through `ERROR_TRACKER`, as the
 * HTTP filter does for requests (`error_tracking.capture_handlers`, on by
 * default):
 *
 * - `@OnEvent()` and `@Cron()` methods are wrapped at module init, on the
 *   instance (never the class): a thrown or rejected error is reported with
 *   the handler, the event or cron name and the current trace, then rethrown
 *   untouched, so the framework handles it exactly as before. The wrapper
 *   keeps every reflect-metadata key of the method.
 * - `@Processor()` classes (`WorkerHost`) are watched through their worker's
 *   `failed` event once the workers exist (application bootstrap), which
 *   reports each failed attempt with the queue, job id and name.
 *
 * `@Cron()` methods are read by @nestjs/schedule when its own module
 * initialises, so `MonitorModule` must come before `ScheduleModule` in the
 * imports for them to be covered; otherwise a warning names them.
 */
@Injectable()
export class HandlerErrorCaptureExplorer
  implements OnModuleInit, OnApplicationBootstrap, OnApplicationShutdown
{
  private readonly logger = new Logger('HeraldErrorTracking');
  private readonly stops: Array<() => void> = [];

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly modules: ModulesContainer,
    @Inject(ERROR_TRACKER) private readonly tracker: ErrorTrackerProtocol,
    @Inject(MONITOR_CONFIG) private readonly config: MonitorConfig,
  ) {}

  onModuleInit(): void {
    if (!this.config.errorTracking.captureHandlers) return;
    const crons: string[] = [];
    for (const { instance, type } of this.instances()) {
      for (const key of this.scanner.getAllMethodNames(Object.getPrototypeOf(instance))) {
        const method = instance[key] as Method | undefined;
        if (typeof method !== 'function' || method[WRAPPED]) continue;
        const where = this.whereOf(method, `${type}.${key}`);
        if (where === undefined) continue;
        instance[key] = this.wrap(method, where);
        if (where.kind === 'cron') crons.push(where.handler);
      }
    }
    if (crons.length > 0 && this.scheduleInitialisedFirst()) {
      this.logger.warn(
        `Errors of the @Cron() handlers ${crons.join(', ')} are not captured: ScheduleModule initialised before MonitorModule and already holds the original methods. Import MonitorModule before ScheduleModule.`,
      );
    }
  }

  onApplicationBootstrap(): void {
    if (!this.config.errorTracking.captureHandlers) return;
    for (const { instance, type } of this.instances()) {
      if (!Reflect.getMetadata(PROCESSOR, instance.constructor as object)) continue;
      let worker: WorkerLike | undefined;
      try {
        worker = instance.worker as WorkerLike | undefined;
      } catch {
        continue; // not registered yet (BullModule's manualRegistration)
      }
      if (worker && typeof worker.on === 'function') {
        this.stops.push(captureWorkerErrors(worker, this.tracker, { handler: `${type}.process` }));
      }
    }
  }

  onApplicationShutdown(): void {
    for (const stop of this.stops.splice(0)) stop();
  }

  /** Static provider and controller instances (request-scoped ones have no single instance). */
  private *instances(): Generator<Found> {
    for (const wrapper of [...this.discovery.getProviders(), ...this.discovery.getControllers()]) {
      const instance = wrapper.instance as Found['instance'] | undefined;
      if (!instance || typeof instance !== 'object' || wrapper.isAlias) continue;
      if (!wrapper.isDependencyTreeStatic() || !Object.getPrototypeOf(instance)) continue;
      yield { instance, type: instance.constructor?.name ?? String(wrapper.name) };
    }
  }

  private whereOf(method: Method, handler: string): HandlerErrorContext | undefined {
    const cron = Reflect.getMetadata(CRON_OPTIONS, method) as
      { name?: string; cronTime?: unknown } | undefined;
    if (cron) {
      return { kind: 'cron', handler, cron: cron.name ?? handler, cronTime: String(cron.cronTime) };
    }
    const listeners = Reflect.getMetadata(EVENT_LISTENERS, method) as
      Array<{ event: unknown }> | undefined;
    if (listeners?.length) return { kind: 'event', handler, event: eventNames(listeners) };
    return undefined;
  }

  private wrap(method: Method, where: HandlerErrorContext): Method {
    const tracker = this.tracker;
    const wrapped = wrapMethod<void>(
      { value: method },
      {
        before: () => undefined,
        onSettled: (_state, error, failed) => {
          if (failed) reportHandlerError(tracker, error, where);
        },
      },
    ).value as Method;
    wrapped[WRAPPED] = true;
    return wrapped;
  }

  /**
   * Nest runs `onModuleInit` module by module, global modules first and in
   * import order among them (its `distance` ordering); this tells whether
   * ScheduleModule came before the module holding this explorer.
   */
  private scheduleInitialisedFirst(): boolean {
    const order = [...this.modules.values()].sort((a, b) => b.distance - a.distance);
    const own = order.findIndex((m) => m.providers.has(HandlerErrorCaptureExplorer));
    const schedule = order.findIndex((m) => m.metatype?.name === 'ScheduleModule');
    return schedule >= 0 && schedule < own;
  }
}
