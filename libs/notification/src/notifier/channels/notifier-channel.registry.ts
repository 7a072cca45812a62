import {
  type ChatChannelProtocol,
  HeraldConfigError,
  type MailerProtocol,
  type PushChannelProtocol,
  type SMSChannelProtocol,
} from '@herald/contracts';
import type { DeliveryChannel } from '../../delivery/records/delivery-record.js';
import type { DeliveryService } from '../../delivery/reliable/delivery.service.js';
import type { InboxService } from '../../inbox/inbox.service.js';
import type { NamedBackend, NamedBackendRegistry } from '../../registry/named-backend.registry.js';
import { DEVICE_PLATFORMS, type DevicePlatform } from '../devices/device-token.js';
import { ChannelUnavailableError } from '../errors/channel-unavailable.error.js';
import { UnknownChannelError } from '../errors/unknown-channel.error.js';
import type { RecipientProfile } from '../recipients/recipient.interface.js';
import { customChannelAdapter, customChannelBackend } from './custom-channel.adapter.js';
import { INBOX_ADAPTER, inboxDeliveryBackend } from './inbox-delivery.adapter.js';
import type { NotifierChannel } from './notifier-channel.interface.js';
import { WEBHOOK_ADAPTER } from '../webhooks/webhook-delivery.js';
import type { WebhookEndpointsService } from '../webhooks/webhook-endpoints.service.js';
import type { WebhookSender } from '../webhooks/webhook-sender.js';

/** The built-in channel names and the delivery channel of their records. */
const BUILT_IN: Readonly<Record<string, DeliveryChannel>> = {
  sms: 'sms',
  push: 'push',
  mail: 'mail',
  chat: 'chat',
  inbox: 'inbox',
  webhook: 'webhook',
};
const CUSTOM_NAME = /^[a-z][a-z0-9_-]{0,15}$/;

/** What the notifier sends through. */
export interface NotifierChannelSources {
  sms?: NamedBackendRegistry<SMSChannelProtocol>;
  push?: NamedBackendRegistry<PushChannelProtocol>;
  mail?: NamedBackendRegistry<MailerProtocol>;
  chat?: NamedBackendRegistry<ChatChannelProtocol>;
  /** The application's `InboxService`, looked up when first needed (it may live in any module). */
  inbox?: () => InboxService | undefined;
  custom?: readonly NotifierChannel[];
  /** Outgoing webhooks: the endpoints and the Standard Webhooks sender. */
  webhook?: { endpoints: WebhookEndpointsService; sender: WebhookSender };
  /** Push backend name per platform (NotifierModule option `pushBackends`). */
  pushBackends?: Partial<Record<DevicePlatform, string>>;
}

const chainOf = (registry: NamedBackendRegistry<NamedBackend>, name?: string): string[] => {
  const exposed = registry.get(name) as NamedBackend & { chain?: readonly string[] };
  return exposed.chain ? [...exposed.chain] : [exposed.name];
};

const driverOf = (backend: unknown): string | undefined =>
  (backend as { driver?: { driver?: unknown } })?.driver?.driver as string | undefined;

/**
 * The channels one notifier can use: the built-in ones that have a backend
 * in the application (`sms`, `push` with `NotificationModule` backends,
 * `mail` with `MailerModule`, `inbox` with `InboxService`) and the custom
 * ones. It registers every backend (and the adapters of `inbox` and custom
 * channels) in the `DeliveryService`, so inline sends and queue workers of
 * this process find them, and answers the backend chain of each channel.
 */
export class NotifierChannelRegistry {
  private readonly custom = new Map<string, NotifierChannel>();
  private readonly pushByPlatform = new Map<DevicePlatform, string | undefined>();
  private inboxService?: { value: InboxService | undefined };

  constructor(private readonly sources: NotifierChannelSources) {
    const problems: Array<{ path: string; message: string }> = [];
    (sources.custom ?? []).forEach((channel, i) => {
      const name = channel?.name;
      if (
        typeof name !== 'string' ||
        !CUSTOM_NAME.test(name) ||
        name in BUILT_IN ||
        name === 'email'
      ) {
        problems.push({
          path: `channels[${i}].name`,
          message: `must be 1 to 16 lower-case letters, digits, "-" or "_", starting with a letter, and not sms, push, mail (or its alias email), chat, inbox or webhook (got ${JSON.stringify(name)})`,
        });
      } else if (this.custom.has(name)) {
        problems.push({ path: `channels[${i}].name`, message: `"${name}" is registered twice` });
      } else if (typeof channel.send !== 'function') {
        problems.push({ path: `channels[${i}]`, message: `"${name}" has no send() method` });
      } else {
        this.custom.set(name, channel);
      }
    });
    for (const [platform, name] of Object.entries(sources.pushBackends ?? {})) {
      if (!DEVICE_PLATFORMS.includes(platform as DevicePlatform)) {
        problems.push({
          path: `pushBackends.${platform}`,
          message: `is not a device platform (known: ${DEVICE_PLATFORMS.join(', ')})`,
        });
      } else if (!sources.push?.names().includes(name as string)) {
        problems.push({
          path: `pushBackends.${platform}`,
          message: `names no push backend (configured: ${sources.push?.names().join(', ') || 'none'}; got ${JSON.stringify(name)})`,
        });
      }
    }
    if (problems.length > 0)
      throw new HeraldConfigError(problems, 'Invalid NotifierModule options');
  }

  private get inbox(): InboxService | undefined {
    this.inboxService ??= { value: this.sources.inbox?.() };
    return this.inboxService.value;
  }

  /** Registers every backend and adapter in `delivery` (idempotent). */
  registerIn(delivery: DeliveryService): void {
    const { sms, push, mail, chat } = this.sources;
    const { inbox } = this;
    for (const name of chat?.names() ?? []) delivery.register('chat', chat!.raw(name));
    for (const name of sms?.names() ?? []) delivery.register('sms', sms!.raw(name));
    for (const name of push?.names() ?? []) delivery.register('push', push!.raw(name));
    for (const name of mail?.names() ?? []) delivery.register('mail', mail!.raw(name));
    if (inbox) delivery.register('inbox', inboxDeliveryBackend(inbox), INBOX_ADAPTER);
    if (this.sources.webhook)
      delivery.register('webhook', this.sources.webhook.sender, WEBHOOK_ADAPTER);
    for (const channel of this.custom.values()) {
      delivery.register(
        channel.name,
        customChannelBackend(channel),
        customChannelAdapter(channel.name),
      );
    }
  }

  /** Every channel usable right now. */
  names(): string[] {
    const { sms, push, mail, chat } = this.sources;
    const { inbox } = this;
    return [
      ...(sms?.hasPrimary() ? ['sms'] : []),
      ...(push?.hasPrimary() ? ['push'] : []),
      ...(mail?.hasPrimary() ? ['mail'] : []),
      ...(chat?.hasPrimary() ? ['chat'] : []),
      ...(inbox ? ['inbox'] : []),
      ...(this.sources.webhook ? ['webhook'] : []),
      ...this.custom.keys(),
    ];
  }

  /** Throws `UnknownChannelError` / `ChannelUnavailableError` unless `channel` can be used. */
  assertUsable(channel: unknown, notificationType: string): asserts channel is string {
    if (typeof channel !== 'string' || (!(channel in BUILT_IN) && !this.custom.has(channel))) {
      throw new UnknownChannelError(String(channel), notificationType, this.names());
    }
    const { sms, push, mail, chat } = this.sources;
    const { inbox } = this;
    const missing =
      channel === 'sms' && !sms?.hasPrimary()
        ? 'configure notification.sms_backends (one marked primary) in NotificationModule'
        : channel === 'push' && !push?.hasPrimary()
          ? 'configure notification.push_backends (one marked primary) in NotificationModule'
          : channel === 'mail' && !mail?.hasPrimary()
            ? 'import MailerModule.forRoot() with a primary backend'
            : channel === 'chat' && !chat?.hasPrimary()
              ? 'configure notification.chat_backends (one marked primary) in NotificationModule'
              : channel === 'inbox' && !inbox
                ? 'provide InboxService (InboxModule.forRoot() or ...InboxProvider) in the application'
                : channel === 'webhook' && !this.sources.webhook
                  ? 'import NotifierModule (it provides WebhookEndpointsService) in the application'
                  : undefined;
    if (missing) throw new ChannelUnavailableError(channel, notificationType, missing);
  }

  /** The record channel of a notifier channel (`mail` → `email`). */
  deliveryChannel(channel: string): DeliveryChannel {
    return BUILT_IN[channel] ?? channel;
  }

  /** The webhook endpoints, when the channel is there. */
  webhookEndpoints(): WebhookEndpointsService | undefined {
    return this.sources.webhook?.endpoints;
  }

  customChannel(name: string): NotifierChannel | undefined {
    return this.custom.get(name);
  }

  /**
   * Where `channel` reaches `profile` (before device tokens for push:
   * `routes.push`, else the user id), or `undefined`.
   */
  addressOf(channel: string, profile: RecipientProfile): string | undefined {
    const route = profile.routes?.[channel];
    if (route !== undefined) return route;
    if (channel === 'sms') return profile.phone;
    if (channel === 'mail') return profile.email;
    // no chatId: the user's registered chat addresses (ChatAddressService), looked up by id
    if (channel === 'chat') return profile.chat ?? profile.id;
    if (channel === 'inbox' || channel === 'push' || channel === 'webhook') return profile.id;
    const custom = this.custom.get(channel);
    return custom?.addressOf ? custom.addressOf(profile) : profile.id;
  }

  /** Why `channel` has no address for `profile`, for the `skipped` record. */
  noAddressReason(channel: string, profile: RecipientProfile): string {
    const who = profile.id !== undefined ? `user "${profile.id}"` : 'the on-demand recipient';
    const what =
      channel === 'sms'
        ? 'no phone number'
        : channel === 'mail'
          ? 'no email address'
          : channel === 'chat'
            ? 'no chat address ("chatId", a "chat" route, or a user id with addresses in ChatAddressService)'
            : channel === 'inbox' || channel === 'push' || channel === 'webhook'
              ? `no user id or "${channel}" route`
              : `no address for channel "${channel}"`;
    return `${what} for ${who}`;
  }

  /** Backend chain (primary first, then its fallbacks) of `sms`, `mail` or `chat`. */
  chain(channel: 'sms' | 'mail' | 'chat'): string[] {
    return chainOf(this.sources[channel] as NamedBackendRegistry<NamedBackend>);
  }

  /**
   * The push backend chain for a device of `platform` (no platform: an
   * on-demand token, sent through the primary), or `undefined` when no
   * backend serves it.
   */
  pushChain(platform?: DevicePlatform): string[] | undefined {
    const registry = this.sources.push as NamedBackendRegistry<NamedBackend> | undefined;
    if (!registry?.hasPrimary()) return undefined;
    if (platform === undefined) return chainOf(registry);
    if (!this.pushByPlatform.has(platform)) {
      this.pushByPlatform.set(platform, this.pushBackendFor(registry, platform));
    }
    const name = this.pushByPlatform.get(platform);
    return name === undefined ? undefined : chainOf(registry, name);
  }

  /** The option, else the first backend (primary first) of that driver, else a primary that takes any platform (log, in-memory). */
  private pushBackendFor(
    registry: NamedBackendRegistry<NamedBackend>,
    platform: DevicePlatform,
  ): string | undefined {
    const chosen = this.sources.pushBackends?.[platform];
    if (chosen) return chosen;
    const primary = registry.raw();
    const names = [primary.name, ...registry.names().filter((n) => n !== primary.name)];
    const found = names.find((n) => driverOf(registry.raw(n)) === platform);
    if (found) return found;
    const driver = driverOf(primary);
    return DEVICE_PLATFORMS.includes(driver as DevicePlatform) ? undefined : primary.name;
  }
}
