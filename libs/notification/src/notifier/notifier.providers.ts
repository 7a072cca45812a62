import type { Provider, Type } from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import {
  HeraldConfigError,
  METRICS_COLLECTOR,
  NOTIFIER,
  TRACER,
  type MailerProtocol,
  type MetricsCollectorProtocol,
  type PushChannelProtocol,
  type SMSChannelProtocol,
  type ChatChannelProtocol,
  type TracerProtocol,
} from '@herald/contracts';
import { DELIVERY_CONFIG } from '../delivery/delivery.constants.js';
import type { DeliveryConfig } from '../delivery/delivery-settings.util.js';
import { DeliveryService } from '../delivery/reliable/delivery.service.js';
import { InboxService } from '../inbox/inbox.service.js';
import {
  MAIL_BACKEND_REGISTRY,
  PUSH_BACKEND_REGISTRY,
  SMS_BACKEND_REGISTRY,
  CHAT_BACKEND_REGISTRY,
} from '../registry/backend-registry.tokens.js';
import type { NamedBackendRegistry } from '../registry/named-backend.registry.js';
import { findDataSource } from '../utils/find-data-source.util.js';
import { lazyEventEmitter } from '../utils/lazy-event-emitter.util.js';
import type { NotifierChannel } from './channels/notifier-channel.interface.js';
import { NotifierChannelRegistry } from './channels/notifier-channel.registry.js';
import { DatabaseDeviceTokenStore } from './devices/database-device-token.store.js';
import type { DeviceTokenStore } from './devices/device-token-store.protocol.js';
import { DeviceTokenService } from './devices/device-token.service.js';
import { ChatAddressService } from './devices/chat-address.service.js';
import type { ChatAddressStore } from './devices/chat-address-store.protocol.js';
import { DatabaseChatAddressStore } from './devices/database-chat-address.store.js';
import { MemoryChatAddressStore } from './devices/memory-chat-address.store.js';
import { MemoryDeviceTokenStore } from './devices/memory-device-token.store.js';
import type {
  NotificationDigester,
  NotificationGate,
} from './gates/notification-gate.interface.js';
import {
  DEVICE_TOKEN_STORE,
  CHAT_ADDRESS_STORE,
  NOTIFICATION_DIGESTER,
  NOTIFICATION_PREFERENCE_STORE,
  NOTIFICATION_GATES,
  NOTIFICATION_OUTBOX,
  NOTIFICATION_STORE,
  NOTIFIER_CHANNELS,
  NOTIFIER_PARTS,
  NOTIFIER_TIMING,
  SUPPRESSION_GATE,
  RECIPIENT_RESOLVER,
  WEBHOOK_ENDPOINT_STORE,
} from './notifier.constants.js';
import type { NotifierParts } from './notifier-parts.interface.js';
import { NOTIFIER_MODULE_OPTIONS } from './notifier.module-definition.js';
import { NotifierMetrics } from './notifier.metrics.js';
import { NotifierService } from './notifier.service.js';
import type { NotifierModuleExtras, NotifierModuleOptions } from './notifier-options.interface.js';
import { resolveNotifierSetup, type NotifierSetup } from './notifier-setup.util.js';
import { DispatchStage } from './pipeline/dispatch.stage.js';
import { GatesStage } from './pipeline/gates.stage.js';
import { NotifierPipeline } from './pipeline/notifier.pipeline.js';
import { PlanStage } from './pipeline/plan.stage.js';
import { ResolveRecipientsStage } from './pipeline/resolve-recipients.stage.js';
import { TimingStage } from './pipeline/timing.stage.js';
import { NotificationRenderer } from './planning/notification-renderer.js';
import { NotificationPreviewService } from './preview/notification-preview.service.js';
import { NotificationTemplates } from '../templates/notification-templates.js';
import { BullmqNotifierScheduler } from './queue/bullmq-notifier.scheduler.js';
import { DefaultRecipientResolver } from './recipients/default-recipient.resolver.js';
import type { RecipientResolver } from './recipients/recipient-resolver.interface.js';
import { DatabaseNotificationStore } from './records/database-notification.store.js';
import type { NotificationStore } from './records/notification-store.protocol.js';
import { MemoryNotificationStore } from './records/memory-notification.store.js';
import { NotifierLifecycle } from './notifier.lifecycle.js';
import { DatabaseOutboxStore } from './outbox/database-outbox.store.js';
import type { OutboxStore } from './outbox/outbox-store.protocol.js';
import { EscalationReadListener } from './timing/escalation-read.listener.js';
import { NotifierTiming } from './timing/notifier-timing.js';
import { TimerNotifierScheduler } from './timing/timer-notifier.scheduler.js';
import { DatabaseNotificationPreferenceStore } from './preferences/database-notification-preference.store.js';
import { MemoryNotificationPreferenceStore } from './preferences/memory-notification-preference.store.js';
import type { NotificationPreferenceStore } from './preferences/notification-preference-store.protocol.js';
import { NotificationPreferencesService } from './preferences/notification-preferences.service.js';
import { PreferenceGate } from './preferences/preference.gate.js';
import { DatabaseWebhookEndpointStore } from './webhooks/database-webhook-endpoint.store.js';
import { MemoryWebhookEndpointStore } from './webhooks/memory-webhook-endpoint.store.js';
import type { WebhookEndpointStore } from './webhooks/webhook-endpoint-store.protocol.js';
import { WebhookEndpointsService } from './webhooks/webhook-endpoints.service.js';
import { WebhookSender } from './webhooks/webhook-sender.js';
import { TOPIC_FANOUT, TOPIC_STORE } from './topics/topic.constants.js';
import type { TopicFanout } from './topics/topic-fanout.js';
import { resolveTopicOptions } from './topics/topic-options.util.js';
import type { TopicStore } from './topics/topic-store.protocol.js';
import { createTopicProviders } from './topics/topic.providers.js';
import { TopicService } from './topics/topic.service.js';

const NOTIFIER_SETUP = 'HERALD:NOTIFIER_SETUP';

const BUILT_IN_CHANNELS = ['sms', 'push', 'mail', 'chat', 'inbox', 'webhook'];

const MIGRATIONS_HINT =
  'import TypeOrmModule.forRoot(...) and run NOTIFIER_MIGRATIONS, or use NotifierModule option store: "memory"';

function store<T>(
  setup: NotifierSetup,
  moduleRef: ModuleRef,
  feature: string,
  memory: () => T,
  database: (source: ReturnType<typeof findDataSource>) => T,
): T {
  if (setup.store === 'memory') return memory();
  return database(findDataSource(moduleRef, feature, 'NotifierModule.store', MIGRATIONS_HINT));
}

/** The application's `InboxService` wherever it is provided, or `undefined`. */
function lookupTemplates(moduleRef: ModuleRef): () => NotificationTemplates | undefined {
  let found: NotificationTemplates | null | undefined;
  return () => {
    if (found === undefined) {
      try {
        found = moduleRef.get(NotificationTemplates, { strict: false });
      } catch {
        found = null;
      }
    }
    return found ?? undefined;
  };
}

function lookupInbox(moduleRef: ModuleRef): () => InboxService | undefined {
  return () => {
    try {
      return moduleRef.get(InboxService, { strict: false });
    } catch {
      return undefined;
    }
  };
}

/** Every provider of `NotifierModule`. */
export function createNotifierProviders(extras: NotifierModuleExtras = {}): Provider[] {
  const channels: Type<NotifierChannel>[] = extras.channels ?? [];
  const gates: Type<NotificationGate>[] = extras.gates ?? [];
  return [
    ...channels,
    ...gates,
    { provide: NOTIFIER_CHANNELS, useFactory: (...c: NotifierChannel[]) => c, inject: channels },
    {
      provide: NOTIFICATION_GATES,
      // the preference gate, then the suppression list (SuppressionModule, when imported),
      // then the app's gates
      useFactory: (
        setup: NotifierSetup,
        preferences: NotificationPreferenceStore,
        suppression: NotificationGate | undefined,
        ...g: NotificationGate[]
      ) => [
        ...(setup.preferences ? [new PreferenceGate(preferences)] : []),
        ...(suppression ? [suppression] : []),
        ...g,
      ],
      inject: [
        NOTIFIER_SETUP,
        NOTIFICATION_PREFERENCE_STORE,
        { token: SUPPRESSION_GATE, optional: true },
        ...gates,
      ],
    },
    ...(extras.digester
      ? [extras.digester, { provide: NOTIFICATION_DIGESTER, useExisting: extras.digester }]
      : []),
    { provide: RECIPIENT_RESOLVER, useClass: extras.resolver ?? DefaultRecipientResolver },
    {
      provide: NOTIFIER_SETUP,
      useFactory: (
        options: NotifierModuleOptions,
        delivery?: DeliveryService,
        config?: DeliveryConfig,
      ) => {
        if (!delivery) {
          throw new HeraldConfigError(
            [
              {
                path: 'NotifierModule',
                message:
                  'needs reliable delivery: import NotificationModule.forRoot(...) (global), or pass ' +
                  'imports: [a module exporting DeliveryModule.forRoot(...)] to NotifierModule.forRootAsync',
              },
            ],
            'NotifierModule cannot start',
          );
        }
        return resolveNotifierSetup(options, delivery, config);
      },
      inject: [
        NOTIFIER_MODULE_OPTIONS,
        { token: DeliveryService, optional: true },
        { token: DELIVERY_CONFIG, optional: true },
      ],
    },
    {
      provide: NOTIFICATION_STORE,
      useFactory: (setup: NotifierSetup, moduleRef: ModuleRef): NotificationStore =>
        store<NotificationStore>(
          setup,
          moduleRef,
          'the database notification store',
          () => new MemoryNotificationStore(),
          (source) => new DatabaseNotificationStore(source),
        ),
      inject: [NOTIFIER_SETUP, ModuleRef],
    },
    {
      provide: NOTIFICATION_OUTBOX,
      useFactory: (setup: NotifierSetup, moduleRef: ModuleRef): OutboxStore | null =>
        setup.outbox
          ? new DatabaseOutboxStore(
              findDataSource(
                moduleRef,
                'the notification outbox',
                'NotifierModule.outbox',
                MIGRATIONS_HINT,
              ),
            )
          : null,
      inject: [NOTIFIER_SETUP, ModuleRef],
    },
    {
      provide: DEVICE_TOKEN_STORE,
      useFactory: (setup: NotifierSetup, moduleRef: ModuleRef): DeviceTokenStore =>
        store<DeviceTokenStore>(
          setup,
          moduleRef,
          'the database device-token store',
          () => new MemoryDeviceTokenStore(),
          (source) => new DatabaseDeviceTokenStore(source),
        ),
      inject: [NOTIFIER_SETUP, ModuleRef],
    },
    {
      provide: CHAT_ADDRESS_STORE,
      useFactory: (setup: NotifierSetup, moduleRef: ModuleRef): ChatAddressStore =>
        store<ChatAddressStore>(
          setup,
          moduleRef,
          'the database chat-address store',
          () => new MemoryChatAddressStore(),
          (source) => new DatabaseChatAddressStore(source),
        ),
      inject: [NOTIFIER_SETUP, ModuleRef],
    },
    {
      provide: ChatAddressService,
      useFactory: (addresses: ChatAddressStore) => new ChatAddressService(addresses),
      inject: [CHAT_ADDRESS_STORE],
    },
    {
      provide: NOTIFICATION_PREFERENCE_STORE,
      useFactory: (setup: NotifierSetup, moduleRef: ModuleRef): NotificationPreferenceStore =>
        store<NotificationPreferenceStore>(
          setup,
          moduleRef,
          'the database notification-preference store',
          () => new MemoryNotificationPreferenceStore(),
          (source) => new DatabaseNotificationPreferenceStore(source),
        ),
      inject: [NOTIFIER_SETUP, ModuleRef],
    },
    {
      provide: NotificationPreferencesService,
      useFactory: (preferences: NotificationPreferenceStore, custom: NotifierChannel[]) => {
        const known = [...BUILT_IN_CHANNELS, ...custom.map((c) => c.name)];
        return new NotificationPreferencesService(preferences, () => known);
      },
      inject: [NOTIFICATION_PREFERENCE_STORE, NOTIFIER_CHANNELS],
    },
    {
      provide: DeviceTokenService,
      useFactory: (tokens: DeviceTokenStore, moduleRef: ModuleRef) =>
        new DeviceTokenService(
          tokens,
          lazyEventEmitter(moduleRef, 'DeviceTokenService', 'DEVICE_TOKEN_REMOVED_EVENT'),
        ),
      inject: [DEVICE_TOKEN_STORE, ModuleRef],
    },
    {
      provide: WEBHOOK_ENDPOINT_STORE,
      useFactory: (setup: NotifierSetup, moduleRef: ModuleRef): WebhookEndpointStore =>
        store<WebhookEndpointStore>(
          setup,
          moduleRef,
          'the database webhook-endpoint store',
          () => new MemoryWebhookEndpointStore(),
          (source) => new DatabaseWebhookEndpointStore(source),
        ),
      inject: [NOTIFIER_SETUP, ModuleRef],
    },
    {
      provide: WebhookEndpointsService,
      useFactory: (setup: NotifierSetup, endpoints: WebhookEndpointStore, moduleRef: ModuleRef) =>
        new WebhookEndpointsService(
          endpoints,
          setup.webhooks,
          lazyEventEmitter(moduleRef, 'WebhookEndpointsService', 'WEBHOOK_ENDPOINT_DISABLED_EVENT'),
        ),
      inject: [NOTIFIER_SETUP, WEBHOOK_ENDPOINT_STORE, ModuleRef],
    },
    {
      provide: NOTIFIER_PARTS,
      useFactory: (
        setup: NotifierSetup,
        delivery: DeliveryService,
        deviceTokens: DeviceTokenService,
        chatAddresses: ChatAddressService,
        custom: NotifierChannel[],
        moduleRef: ModuleRef,
        options: NotifierModuleOptions,
        endpoints: WebhookEndpointsService,
        sms?: NamedBackendRegistry<SMSChannelProtocol>,
        push?: NamedBackendRegistry<PushChannelProtocol>,
        mail?: NamedBackendRegistry<MailerProtocol>,
        chat?: NamedBackendRegistry<ChatChannelProtocol>,
        metrics?: MetricsCollectorProtocol,
        tracer?: TracerProtocol,
      ): NotifierParts => {
        const webhooks = { endpoints, sender: new WebhookSender(endpoints, tracer, metrics) };
        return {
          setup,
          delivery,
          deviceTokens,
          chatAddresses,
          webhooks,
          tracer,
          metrics: new NotifierMetrics(metrics),
          channels: new NotifierChannelRegistry({
            sms,
            push,
            mail,
            chat,
            inbox: lookupInbox(moduleRef),
            custom,
            webhook: webhooks,
            pushBackends: options?.pushBackends,
          }),
          scheduler: setup.queue
            ? new BullmqNotifierScheduler({ ...setup.queue, tracer })
            : options?.inlineTimers === true
              ? new TimerNotifierScheduler()
              : undefined,
        };
      },
      inject: [
        NOTIFIER_SETUP,
        DeliveryService,
        DeviceTokenService,
        ChatAddressService,
        NOTIFIER_CHANNELS,
        ModuleRef,
        NOTIFIER_MODULE_OPTIONS,
        WebhookEndpointsService,
        { token: SMS_BACKEND_REGISTRY, optional: true },
        { token: PUSH_BACKEND_REGISTRY, optional: true },
        { token: MAIL_BACKEND_REGISTRY, optional: true },
        { token: CHAT_BACKEND_REGISTRY, optional: true },
        { token: METRICS_COLLECTOR, optional: true },
        { token: TRACER, optional: true },
      ],
    },
    {
      provide: NotifierService,
      useFactory: (
        parts: NotifierParts,
        notifications: NotificationStore,
        resolver: RecipientResolver,
        gateList: NotificationGate[],
        outbox: OutboxStore | null,
        timing: NotifierTiming,
        moduleRef: ModuleRef,
        topics: TopicFanout,
        topicStore: TopicStore,
        options: NotifierModuleOptions,
      ) => {
        const digester = timing.digester();
        const pipeline = new NotifierPipeline({
          store: notifications,
          // a topic's subscribers are read here, page by page
          resolve: new ResolveRecipientsStage(resolver, {
            store: topicStore,
            batchSize: resolveTopicOptions(options?.topics).batchSize,
          }),
          plan: new PlanStage(parts.channels, {
            templates: lookupTemplates(moduleRef),
            smsSegmentWarning: parts.setup.smsSegmentWarning,
          }),
          gates: new GatesStage(gateList, parts.channels),
          timing: new TimingStage({ digester, scheduler: parts.scheduler }),
          dispatch: new DispatchStage({
            delivery: parts.delivery,
            channels: parts.channels,
            digester,
            deviceTokens: parts.deviceTokens,
            chatAddresses: parts.chatAddresses,
            scheduler: parts.scheduler,
            metrics: parts.metrics,
          }),
          metrics: parts.metrics,
          scheduler: parts.scheduler,
          tracer: parts.tracer,
          outbox: outbox ?? undefined,
          rules: timing,
        });
        // Topics (topics/): the fan-out's record, queue job and checkpoints around notifyTopic().
        topics.attach({ pipeline, store: notifications, metrics: parts.metrics });
        return new NotifierService({
          store: notifications,
          delivery: parts.delivery,
          metrics: parts.metrics,
          scheduler: parts.scheduler,
          tracer: parts.tracer,
          timing,
          pipeline,
          topics,
        });
      },
      inject: [
        NOTIFIER_PARTS,
        NOTIFICATION_STORE,
        RECIPIENT_RESOLVER,
        NOTIFICATION_GATES,
        NOTIFICATION_OUTBOX,
        NOTIFIER_TIMING,
        ModuleRef,
        TOPIC_FANOUT,
        TOPIC_STORE,
        NOTIFIER_MODULE_OPTIONS,
      ],
    },
    {
      provide: NOTIFIER_TIMING,
      useFactory: (
        parts: NotifierParts,
        notifications: NotificationStore,
        moduleRef: ModuleRef,
        digester?: NotificationDigester,
      ) =>
        new NotifierTiming({
          digester,
          digests: extras.digests,
          planner: new PlanStage(parts.channels, {
            templates: lookupTemplates(moduleRef),
            smsSegmentWarning: parts.setup.smsSegmentWarning,
          }),
          channels: parts.channels,
          store: notifications,
          deliveries: parts.delivery.engine.store,
          inbox: lookupInbox(moduleRef),
          scheduler: parts.scheduler,
        }),
      inject: [
        NOTIFIER_PARTS,
        NOTIFICATION_STORE,
        ModuleRef,
        { token: NOTIFICATION_DIGESTER, optional: true },
      ],
    },
    {
      provide: NotificationPreviewService,
      useFactory: (parts: NotifierParts, moduleRef: ModuleRef) =>
        new NotificationPreviewService(
          new NotificationRenderer({
            templates: lookupTemplates(moduleRef),
            smsSegmentWarning: parts.setup.smsSegmentWarning,
          }),
        ),
      inject: [NOTIFIER_PARTS, ModuleRef],
    },
    { provide: NOTIFIER, useExisting: NotifierService },
    NotifierLifecycle,
    EscalationReadListener,
    // Topics (topics/): TOPIC_STORE, TopicService, the fan-out and its worker.
    ...createTopicProviders(),
  ];
}

/** What `NotifierModule` exports. */
export const NOTIFIER_EXPORTS = [
  NotifierService,
  NotificationPreviewService,
  NOTIFIER,
  DeviceTokenService,
  ChatAddressService,
  NotificationPreferencesService,
  WebhookEndpointsService,
  WEBHOOK_ENDPOINT_STORE,
  TopicService,
  TOPIC_STORE,
  NOTIFICATION_STORE,
  NOTIFICATION_OUTBOX,
  DEVICE_TOKEN_STORE,
  CHAT_ADDRESS_STORE,
  NOTIFICATION_PREFERENCE_STORE,
  RECIPIENT_RESOLVER,
];
