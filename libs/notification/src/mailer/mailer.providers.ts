import type { Provider } from '@nestjs/common';
import { getMailerToken, loadHeraldConfig, MAILER, MailerConfig } from '@herald/contracts';
import { applyReliableDeliveryToMailers } from '../delivery/apply-reliable-delivery';
import { DELIVERY_CONFIG } from '../delivery/delivery.constants';
import type { DeliveryConfig } from '../delivery/delivery-settings.util';
import { DeliveryService } from '../delivery/reliable/delivery.service';
import { telemetryProvider } from '../notification.providers';
import { InMemoryMailer } from '../testing/fakes/in-memory-mailer';
import type { DeliveryTelemetry } from '../utils/delivery-telemetry';
import { unconfiguredChannel } from '../utils/unconfigured-channel';
import { createMailerChannel } from './create-mailer-channel';
import { MAILER_CONFIG, MAILER_TELEMETRY } from './mailer.constants';
import { MAILER_MODULE_OPTIONS, type MailerConfigInput } from './mailer.module-definition';
import { MailerRegistry } from './mailer.registry';

/** How one `MailerModule` is built. */
export interface MailerBuildContext {
  names: string[];
  resolved?: MailerConfig;
  failure?: unknown;
  /** `stub()` without a config: the primary is an `InMemoryMailer`. */
  memory?: boolean;
}

/** A `MailerConfig` is validated and used as is; a plain object is laid over `notification.mailer` from YAML and env. */
export function resolveMailerConfig(input?: MailerConfigInput): MailerConfig {
  if (input instanceof MailerConfig) return input.validate('notification.mailer');
  const overrides =
    input && Object.keys(input).length > 0 ? { notification: { mailer: input } } : undefined;
  return loadHeraldConfig({ overrides }).notification.mailer;
}

export function createMailerProviders(ctx: MailerBuildContext): Provider[] {
  return [
    {
      provide: MAILER_CONFIG,
      useFactory: (input: MailerConfigInput) => {
        if (ctx.failure !== undefined) throw ctx.failure;
        return ctx.resolved ?? resolveMailerConfig(input);
      },
      inject: [MAILER_MODULE_OPTIONS],
    },
    telemetryProvider(MAILER_TELEMETRY),
    {
      provide: MailerRegistry,
      useFactory: (
        config: MailerConfig,
        telemetry: DeliveryTelemetry,
        delivery?: DeliveryConfig,
        service?: DeliveryService,
      ) => {
        const registry = new MailerRegistry();
        if (ctx.memory) registry.add(new InMemoryMailer(), true);
        for (const backend of config.backends)
          registry.add(createMailerChannel(backend, telemetry), backend.primary);
        // With NotificationModule (or DeliveryModule) and notification.delivery.enabled,
        // every mail backend is wrapped for retries, failover, records and the queue.
        return applyReliableDeliveryToMailers(registry, config.backends, delivery, service);
      },
      inject: [
        MAILER_CONFIG,
        MAILER_TELEMETRY,
        { token: DELIVERY_CONFIG, optional: true },
        { token: DeliveryService, optional: true },
      ],
    },
    {
      provide: MAILER,
      useFactory: (r: MailerRegistry) =>
        r.hasPrimary()
          ? r.get()
          : unconfiguredChannel('email', 'notification.mailer.backends', r.names()),
      inject: [MailerRegistry],
    },
    ...ctx.names.map((name) => ({
      provide: getMailerToken(name),
      useFactory: (r: MailerRegistry) => r.get(name),
      inject: [MailerRegistry],
    })),
  ];
}

export function createMailerExports(
  ctx: MailerBuildContext,
): Array<symbol | typeof MailerRegistry> {
  return [MAILER_CONFIG, MailerRegistry, MAILER, ...ctx.names.map(getMailerToken)];
}
