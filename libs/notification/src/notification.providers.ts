import type { Provider } from '@nestjs/common';
import {
  getPushChannelToken,
  getSmsChannelToken,
  loadHeraldConfig,
  METRICS_COLLECTOR,
  NotificationConfig,
  PUSH_CHANNEL,
  SMS_CHANNEL,
  TRACER,
  type MetricsCollectorProtocol,
  type TracerProtocol,
} from '@herald/contracts';
import { NotificationChannelRegistry } from './notification-channels.registry';
import { applyReliableDelivery } from './delivery/apply-reliable-delivery';
import { createDeliveryProviders, DELIVERY_EXPORTS } from './delivery/delivery.providers';
import { DeliveryService } from './delivery/reliable/delivery.service';
import { NOTIFICATION_CONFIG, NOTIFICATION_TELEMETRY } from './notification.constants';
import {
  NOTIFICATION_MODULE_OPTIONS,
  type NotificationConfigInput,
} from './notification.module-definition';
import { createPushChannel } from './push/create-push-channel';
import { createSmsChannel } from './sms/create-sms-channel';
import { InMemoryPushChannel } from './testing/fakes/in-memory-push-channel';
import { InMemorySmsChannel } from './testing/fakes/in-memory-sms-channel';
import { DeliveryTelemetry } from './utils/delivery-telemetry';
import { unconfiguredChannel } from './utils/unconfigured-channel';

/** How one `NotificationModule` is built. */
export interface NotificationBuildContext {
  /** Backend names bound under their named tokens. */
  smsNames: string[];
  pushNames: string[];
  /** Config already resolved by `forRoot` (or the error it raised, rethrown at bootstrap). */
  resolved?: NotificationConfig;
  failure?: unknown;
  /** `stub()`: in-memory channels as the primaries, nothing configured. */
  stub?: boolean;
}

/**
 * A `NotificationConfig` instance is validated and used as is; a plain object
 * is laid over YAML and env (code wins); nothing means YAML and env alone.
 */
export function resolveNotificationConfig(input?: NotificationConfigInput): NotificationConfig {
  if (input instanceof NotificationConfig) return input.validate('notification');
  const overrides = input && Object.keys(input).length > 0 ? { notification: input } : undefined;
  return loadHeraldConfig({ overrides }).notification;
}

/** `DeliveryTelemetry` from whatever `TRACER` / `METRICS_COLLECTOR` are bound (no-op stand-ins included). */
export const telemetryProvider = (token: symbol): Provider => ({
  provide: token,
  useFactory: (tracer?: TracerProtocol, metrics?: MetricsCollectorProtocol) =>
    new DeliveryTelemetry(tracer, metrics),
  inject: [
    { token: TRACER, optional: true },
    { token: METRICS_COLLECTOR, optional: true },
  ],
});

function buildRegistry(
  config: NotificationConfig,
  telemetry: DeliveryTelemetry,
  stub: boolean,
): NotificationChannelRegistry {
  const registry = new NotificationChannelRegistry();
  if (stub) {
    registry.addSms(new InMemorySmsChannel(), true);
    registry.addPush(new InMemoryPushChannel(), true);
    return registry;
  }
  for (const backend of config.smsBackends)
    registry.addSms(createSmsChannel(backend, telemetry), backend.primary);
  for (const backend of config.pushBackends)
    registry.addPush(createPushChannel(backend, telemetry), backend.primary);
  return registry;
}

/** Every provider of `NotificationModule`. */
export function createNotificationProviders(ctx: NotificationBuildContext): Provider[] {
  return [
    {
      provide: NOTIFICATION_CONFIG,
      useFactory: (input: NotificationConfigInput) => {
        if (ctx.failure !== undefined) throw ctx.failure;
        if (ctx.stub) return new NotificationConfig({});
        return ctx.resolved ?? resolveNotificationConfig(input);
      },
      inject: [NOTIFICATION_MODULE_OPTIONS],
    },
    telemetryProvider(NOTIFICATION_TELEMETRY),
    {
      provide: NotificationChannelRegistry,
      useFactory: (
        config: NotificationConfig,
        telemetry: DeliveryTelemetry,
        delivery?: DeliveryService,
      ) =>
        applyReliableDelivery(
          buildRegistry(config, telemetry, Boolean(ctx.stub)),
          config,
          ctx.stub ? undefined : delivery,
        ),
      inject: [
        NOTIFICATION_CONFIG,
        NOTIFICATION_TELEMETRY,
        { token: DeliveryService, optional: true },
      ],
    },
    // Reliable delivery (notification.delivery): retries, failover, records, queue.
    ...createDeliveryProviders({
      inject: NOTIFICATION_CONFIG,
      select: (config: NotificationConfig) => config.delivery,
    }),
    {
      provide: SMS_CHANNEL,
      useFactory: (r: NotificationChannelRegistry) =>
        r.hasPrimarySms()
          ? r.sms()
          : unconfiguredChannel('sms', 'notification.sms_backends', r.smsNames()),
      inject: [NotificationChannelRegistry],
    },
    {
      provide: PUSH_CHANNEL,
      useFactory: (r: NotificationChannelRegistry) =>
        r.hasPrimaryPush()
          ? r.push()
          : unconfiguredChannel('push', 'notification.push_backends', r.pushNames()),
      inject: [NotificationChannelRegistry],
    },
    ...ctx.smsNames.map((name) => ({
      provide: getSmsChannelToken(name),
      useFactory: (r: NotificationChannelRegistry) => r.sms(name),
      inject: [NotificationChannelRegistry],
    })),
    ...ctx.pushNames.map((name) => ({
      provide: getPushChannelToken(name),
      useFactory: (r: NotificationChannelRegistry) => r.push(name),
      inject: [NotificationChannelRegistry],
    })),
  ];
}

/** What `NotificationModule` exports. */
export function createNotificationExports(
  ctx: NotificationBuildContext,
): Array<string | symbol | typeof NotificationChannelRegistry | typeof DeliveryService> {
  return [
    NOTIFICATION_CONFIG,
    NotificationChannelRegistry,
    ...DELIVERY_EXPORTS,
    SMS_CHANNEL,
    PUSH_CHANNEL,
    ...ctx.smsNames.map(getSmsChannelToken),
    ...ctx.pushNames.map(getPushChannelToken),
  ];
}

/** Backend names of a (possibly invalid) config, for the named tokens. */
export function backendNames(list: unknown): string[] {
  if (!Array.isArray(list)) return [];
  const names = list
    .map((b) => (b as { name?: unknown })?.name)
    .filter((n): n is string => typeof n === 'string' && n.trim() !== '');
  return [...new Set(names)];
}
