import type { Provider } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import {
  CHAT_CHANNEL,
  getChatChannelToken,
  getPushChannelToken,
  getSmsChannelToken,
  loadHeraldConfig,
  METRICS_COLLECTOR,
  NotificationConfig,
  PUSH_CHANNEL,
  type ChatChannelProtocol,
  type NamedChatConfig,
  type NamedPushConfig,
  type NamedSMSConfig,
  type PushChannelProtocol,
  type SMSChannelProtocol,
  SMS_CHANNEL,
  TRACER,
  type MetricsCollectorProtocol,
  type TracerProtocol,
} from '@herald/contracts';
import { createDeliveryProviders, DELIVERY_EXPORTS } from './delivery/delivery.providers.js';
import { DeliveryService } from './delivery/reliable/delivery.service.js';
import { NOTIFICATION_CONFIG, NOTIFICATION_TELEMETRY } from './notification.constants.js';
import {
  NOTIFICATION_MODULE_OPTIONS,
  type NotificationConfigInput,
} from './notification.module-definition.js';
import { createPushChannel } from './push/create-push-channel.js';
import { createSmsChannel } from './sms/create-sms-channel.js';
import { createChatChannel } from './chat/create-chat-channel.js';
import { InMemoryChatChannel } from './memory/in-memory-chat-channel.js';
import { InMemoryPushChannel } from './memory/in-memory-push-channel.js';
import { InMemorySmsChannel } from './memory/in-memory-sms-channel.js';
import {
  CHAT_BACKEND_REGISTRY,
  PUSH_BACKEND_REGISTRY,
  SMS_BACKEND_REGISTRY,
} from './registry/backend-registry.tokens.js';
import {
  backendTokenProviders,
  buildBackendRegistry,
  type BackendKind,
} from './registry/backend-registry.providers.js';
import { DIRECT_SEND_GUARD, type DirectSendGuard } from './registry/direct-send-guard.js';
import { DeliveryTelemetry } from './utils/delivery-telemetry.js';
import { lazyEventEmitter } from './utils/lazy-event-emitter.util.js';

/** How one `NotificationModule` is built. */
export interface NotificationBuildContext {
  /** Backend names bound under their named tokens. */
  smsNames: string[];
  pushNames: string[];
  chatNames: string[];
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
  useFactory: (moduleRef: ModuleRef, tracer?: TracerProtocol, metrics?: MetricsCollectorProtocol) =>
    new DeliveryTelemetry(
      tracer,
      metrics,
      lazyEventEmitter(moduleRef, 'HeraldNotification', 'notification.sms.opt_out events'),
    ),
  inject: [
    ModuleRef,
    { token: TRACER, optional: true },
    { token: METRICS_COLLECTOR, optional: true },
  ],
});

const SMS_KIND: BackendKind<SMSChannelProtocol, NamedSMSConfig> = {
  channel: 'sms',
  label: 'SMS',
  path: 'notification.sms_backends',
  create: createSmsChannel,
};

const PUSH_KIND: BackendKind<PushChannelProtocol, NamedPushConfig> = {
  channel: 'push',
  label: 'push',
  path: 'notification.push_backends',
  create: createPushChannel,
};

const CHAT_KIND: BackendKind<ChatChannelProtocol, NamedChatConfig> = {
  channel: 'chat',
  label: 'chat',
  path: 'notification.chat_backends',
  create: createChatChannel,
};

/** The registry of one kind: what the config lists, wrapped when reliable delivery is on. */
function registryProvider<
  T extends SMSChannelProtocol | PushChannelProtocol | ChatChannelProtocol,
  B extends NamedSMSConfig | NamedPushConfig | NamedChatConfig,
>(
  token: symbol,
  kind: BackendKind<T, B>,
  backendsOf: (config: NotificationConfig) => B[],
  inMemoryPrimary: () => T | undefined,
): Provider {
  return {
    provide: token,
    useFactory: (
      config: NotificationConfig,
      telemetry: DeliveryTelemetry,
      service?: DeliveryService,
      directGuard?: DirectSendGuard,
    ) =>
      buildBackendRegistry(kind, backendsOf(config), {
        telemetry,
        delivery: config.delivery,
        service,
        inMemoryPrimary: inMemoryPrimary(),
        directGuard,
      }),
    inject: [
      NOTIFICATION_CONFIG,
      NOTIFICATION_TELEMETRY,
      { token: DeliveryService, optional: true },
      { token: DIRECT_SEND_GUARD, optional: true },
    ],
  };
}

/** Every provider of `NotificationModule`. */
export function createNotificationProviders(ctx: NotificationBuildContext): Provider[] {
  return [
    {
      provide: NOTIFICATION_CONFIG,
      // bootstrap, not module evaluation: YAML and env are read here, problems fail the start
      useFactory: (input: NotificationConfigInput) =>
        ctx.stub ? new NotificationConfig({}) : resolveNotificationConfig(input),
      inject: [NOTIFICATION_MODULE_OPTIONS],
    },
    telemetryProvider(NOTIFICATION_TELEMETRY),
    registryProvider(
      SMS_BACKEND_REGISTRY,
      SMS_KIND,
      (c) => c.smsBackends,
      () => (ctx.stub ? new InMemorySmsChannel() : undefined),
    ),
    registryProvider(
      PUSH_BACKEND_REGISTRY,
      PUSH_KIND,
      (c) => c.pushBackends,
      () => (ctx.stub ? new InMemoryPushChannel() : undefined),
    ),
    registryProvider(
      CHAT_BACKEND_REGISTRY,
      CHAT_KIND,
      (c) => c.chatBackends,
      () => (ctx.stub ? new InMemoryChatChannel() : undefined),
    ),
    // Reliable delivery (notification.delivery): retries, failover, records, queue.
    ...createDeliveryProviders({
      inject: NOTIFICATION_CONFIG,
      select: (config: NotificationConfig) => config.delivery,
    }),
    ...backendTokenProviders(
      SMS_KIND,
      SMS_BACKEND_REGISTRY,
      SMS_CHANNEL,
      getSmsChannelToken,
      ctx.smsNames,
    ),
    ...backendTokenProviders(
      PUSH_KIND,
      PUSH_BACKEND_REGISTRY,
      PUSH_CHANNEL,
      getPushChannelToken,
      ctx.pushNames,
    ),
    ...backendTokenProviders(
      CHAT_KIND,
      CHAT_BACKEND_REGISTRY,
      CHAT_CHANNEL,
      getChatChannelToken,
      ctx.chatNames,
    ),
  ];
}

/** What `NotificationModule` exports. */
export function createNotificationExports(
  ctx: NotificationBuildContext,
): Array<string | symbol | typeof DeliveryService> {
  return [
    NOTIFICATION_CONFIG,
    SMS_BACKEND_REGISTRY,
    PUSH_BACKEND_REGISTRY,
    CHAT_BACKEND_REGISTRY,
    ...DELIVERY_EXPORTS,
    SMS_CHANNEL,
    PUSH_CHANNEL,
    CHAT_CHANNEL,
    ...ctx.smsNames.map(getSmsChannelToken),
    ...ctx.pushNames.map(getPushChannelToken),
    ...ctx.chatNames.map(getChatChannelToken),
  ];
}
