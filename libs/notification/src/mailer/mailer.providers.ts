import type { Provider } from '@nestjs/common';
import {
  getMailerToken,
  loadHeraldConfig,
  MAILER,
  MailerConfig,
  type MailerProtocol,
  type NamedMailerConfig,
} from '@herald/contracts';
import { DELIVERY_CONFIG } from '../delivery/delivery.constants.js';
import type { DeliveryConfig } from '../delivery/delivery-settings.util.js';
import { DeliveryService } from '../delivery/reliable/delivery.service.js';
import { telemetryProvider } from '../notification.providers.js';
import { InMemoryMailer } from '../memory/in-memory-mailer.js';
import type { DeliveryTelemetry } from '../utils/delivery-telemetry.js';
import { MAIL_BACKEND_REGISTRY } from '../registry/backend-registry.tokens.js';
import { DIRECT_SEND_GUARD, type DirectSendGuard } from '../registry/direct-send-guard.js';
import {
  backendTokenProviders,
  buildBackendRegistry,
  type BackendKind,
} from '../registry/backend-registry.providers.js';
import { createMailerChannel } from './create-mailer-channel.js';
import { MAILER_CONFIG, MAILER_TELEMETRY } from './mailer.constants.js';
import { MAILER_MODULE_OPTIONS, type MailerConfigInput } from './mailer.module-definition.js';

/** How one `MailerModule` is built. */
export interface MailerBuildContext {
  /** Backend names bound under `getMailerToken(name)`. */
  names: string[];
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

const MAIL_KIND: BackendKind<MailerProtocol, NamedMailerConfig> = {
  channel: 'mail',
  label: 'mail',
  path: 'notification.mailer.backends',
  create: createMailerChannel,
};

export function createMailerProviders(ctx: MailerBuildContext): Provider[] {
  return [
    {
      provide: MAILER_CONFIG,
      // bootstrap, not module evaluation: YAML and env are read here, problems fail the start
      useFactory: (input: MailerConfigInput) => resolveMailerConfig(input),
      inject: [MAILER_MODULE_OPTIONS],
    },
    telemetryProvider(MAILER_TELEMETRY),
    {
      provide: MAIL_BACKEND_REGISTRY,
      // With NotificationModule (or DeliveryModule) and notification.delivery.enabled,
      // every mail backend is wrapped for retries, failover, records and the queue.
      useFactory: (
        config: MailerConfig,
        telemetry: DeliveryTelemetry,
        delivery?: DeliveryConfig,
        service?: DeliveryService,
        directGuard?: DirectSendGuard,
      ) =>
        buildBackendRegistry(MAIL_KIND, config.backends, {
          telemetry,
          delivery,
          service,
          inMemoryPrimary: ctx.memory ? new InMemoryMailer() : undefined,
          directGuard,
        }),
      inject: [
        MAILER_CONFIG,
        MAILER_TELEMETRY,
        { token: DELIVERY_CONFIG, optional: true },
        { token: DeliveryService, optional: true },
        { token: DIRECT_SEND_GUARD, optional: true },
      ],
    },
    ...backendTokenProviders(MAIL_KIND, MAIL_BACKEND_REGISTRY, MAILER, getMailerToken, ctx.names),
  ];
}

export function createMailerExports(ctx: MailerBuildContext): symbol[] {
  return [MAILER_CONFIG, MAIL_BACKEND_REGISTRY, MAILER, ...ctx.names.map(getMailerToken)];
}
