import { createHash } from 'node:crypto';
import type { ChatMessage, PushMessage } from '@herald/contracts';
import type { DeliveryStatus, NotSentStatus } from '../../delivery/records/delivery-record.js';
import {
  deliveryIdFor,
  MAIL_ADAPTER,
  PUSH_ADAPTER,
  SMS_ADAPTER,
  CHAT_ADAPTER,
} from '../../delivery/reliable/channel-adapters.js';
import type { DeliveryRequest, DeliveryService } from '../../delivery/reliable/delivery.service.js';
import type { NewDeliveryRecord } from '../../delivery/stores/delivery-store.protocol.js';
import { createRecords } from '../../delivery/stores/create-records.util.js';
import { smsSegments, type SmsSegmentInfo } from '../../sms/sms-segments.util.js';
import { findControlCharacter } from '../../utils/store-text.util.js';
import { customChannelAdapter } from '../channels/custom-channel.adapter.js';
import { INBOX_ADAPTER } from '../channels/inbox-delivery.adapter.js';
import type { NotifierChannelRegistry } from '../channels/notifier-channel.registry.js';
import type { DeviceTokenService } from '../devices/device-token.service.js';
import type { ChatAddressService } from '../devices/chat-address.service.js';
import type { DeviceToken } from '../devices/device-token.js';
import type { GateContext, NotificationDigester } from '../gates/notification-gate.interface.js';
import type { NotifierMetrics, NotificationOutcome } from '../notifier.metrics.js';
import type { NotifierScheduler } from '../queue/notifier-job.interface.js';
import type { RecipientProfile } from '../recipients/recipient.interface.js';
import { WEBHOOK_ADAPTER, type WebhookContent } from '../webhooks/webhook-delivery.js';
import type { StoredWebhookEndpoint } from '../webhooks/webhook-endpoint.js';
import type { NotificationPlan } from '../planning/notification-plan.interface.js';
import type { AllowedDelivery, Timetable } from './pipeline.interface.js';

/** One delivery of a dispatched notification, as `notify()` reports it. */
export interface DispatchedDelivery {
  deliveryId: string;
  /** The notifier channel (`sms`, `push`, `mail`, `inbox`, custom). */
  channel: string;
  /** The recipient's user id (absent for on-demand recipients). */
  recipientId?: string;
  /** Where the delivery stands (`queued`, or how it ended inline), or `deferred` by a gate. */
  status: DeliveryStatus | 'deferred';
  /** Why it was not sent, or the error of an inline failure. */
  reason?: string;
}

/** A delivery to make, with what `notify()` reports about it. */
interface Planned {
  channel: string;
  recipientId?: string;
}

/** The records and requests of a timetable, before anything is written. */
interface Outgoing {
  plan: NotificationPlan;
  requests: DeliveryRequest[];
  requestInfo: Planned[];
  notSent: Array<Planned & { record: NewDeliveryRecord; status: NotSentStatus }>;
}

export interface DispatchStageDeps {
  delivery: DeliveryService;
  channels: NotifierChannelRegistry;
  digester?: NotificationDigester;
  deviceTokens?: DeviceTokenService;
  chatAddresses?: ChatAddressService;
  scheduler?: NotifierScheduler;
  metrics: NotifierMetrics;
}

const hash = (text: string, length: number): string =>
  createHash('sha256').update(text).digest('hex').slice(0, length);

/**
 * The idempotency key of one delivery: notification, channel, and a digest of
 * the recipient and the address (a device token may be long).
 */
function deliveryKey(
  notificationId: string,
  channel: string,
  profile: RecipientProfile,
  address: string,
): string {
  const who = profile.id ?? JSON.stringify(profile);
  return `${notificationId}:${channel}:${hash(`${who}\u0000${address}`, 24)}`;
}

/**
 * Last stage: writes what the earlier stages decided. Push goes to every live
 * device token of the user, chat to every registered chat address, a webhook
 * to every enabled endpoint subscribed to the event (one store query each for
 * the whole timetable); then the records of what is not sent, the rest handed
 * to reliable delivery in one batch (records in one multi-row insert, jobs in
 * one `addBulk`), then the digests and the deferred jobs. A delivery the gates
 * screened against the suppression list says so, and is not looked up again.
 *
 * Every delivery's idempotency key (and so its id) is derived from the
 * notification id, the channel, the recipient and the address: dispatching
 * the same plan twice never sends twice.
 */
export class DispatchStage {
  constructor(private readonly deps: DispatchStageDeps) {}

  async run(table: Timetable): Promise<DispatchedDelivery[]> {
    const decision: Outgoing = { plan: table.plan, requests: [], requestInfo: [], notSent: [] };
    for (const part of table.notSent)
      this.notSent(decision, part.channel, part.profile, part.address, part.status, part.reason);
    await this.build(decision, table.now);
    return this.commit(decision, table);
  }

  private async commit(decision: Outgoing, table: Timetable): Promise<DispatchedDelivery[]> {
    const { notification } = decision.plan;
    const { delivery, metrics } = this.deps;
    const out: DispatchedDelivery[] = [];
    const counts = new Map<string, number>();
    const stored = await createRecords(
      delivery.engine.store,
      decision.notSent.map((n) => n.record),
    );
    stored.forEach(({ record }, i) => {
      const planned = decision.notSent[i];
      out.push({
        deliveryId: record.id,
        channel: planned.channel,
        recipientId: planned.recipientId,
        status: record.status,
        reason: record.lastError,
      });
      const key = `${planned.channel}\u0000${planned.status}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    });
    const outcomes = await delivery.sendMany(decision.requests);
    outcomes.forEach((outcome, i) => {
      const info = decision.requestInfo[i];
      out.push({
        deliveryId: outcome.deliveryId,
        channel: info.channel,
        recipientId: info.recipientId,
        status: outcome.status,
        reason: outcome.error ? (outcome.error as Error).message : undefined,
      });
    });
    if (table.digests.length > 0) await this.deps.digester!.add(table.digests);
    for (const [untilMs, recipients] of table.deferred) {
      const plan: NotificationPlan = { notification, recipients };
      const jobId = `${notification.id}.d${untilMs}.${hash(JSON.stringify(recipients), 12)}`;
      await this.deps.scheduler!.schedule(jobId, { kind: 'deferred', plan }, untilMs);
      for (const r of recipients)
        for (const d of r.deliveries) {
          metrics.outcome(notification.type, d.channel, 'deferred');
          out.push({
            deliveryId: '',
            channel: d.channel,
            recipientId: r.profile.id,
            status: 'deferred',
            reason: d.deferred,
          });
        }
    }
    for (const [key, count] of counts) {
      const [channel, outcome] = key.split('\u0000');
      metrics.outcome(notification.type, channel, outcome as NotificationOutcome, count);
    }
    return out;
  }

  /** Delivery requests of the allowed contexts; push goes to every live token of the user. */
  private async build(decision: Outgoing, allowed: readonly AllowedDelivery[]): Promise<void> {
    const { channels, deviceTokens, chatAddresses } = this.deps;
    const chatByStore = ({ ctx }: { ctx: GateContext }) =>
      ctx.channel === 'chat' &&
      ctx.recipient.chat === undefined &&
      ctx.recipient.routes?.chat === undefined;
    const chatUsers = allowed.filter(chatByStore).map(({ ctx }) => ctx.address);
    const chatByUser = new Map<string, string[]>();
    if (chatUsers.length > 0 && chatAddresses) {
      for (const entry of await chatAddresses.listMany(chatUsers)) {
        const list = chatByUser.get(entry.userId);
        if (list) list.push(entry.address);
        else chatByUser.set(entry.userId, [entry.address]);
      }
    }
    const userIds = allowed
      .filter(({ ctx }) => ctx.channel === 'push' && ctx.recipient.routes?.push === undefined)
      .map(({ ctx }) => ctx.address);
    const tokensByUser = new Map<string, DeviceToken[]>();
    if (userIds.length > 0 && deviceTokens) {
      for (const token of await deviceTokens.listLive(userIds)) {
        const list = tokensByUser.get(token.userId);
        if (list) list.push(token);
        else tokensByUser.set(token.userId, [token]);
      }
    }
    const hooks = await this.webhookEndpoints(allowed);
    for (const { ctx, content, screened, sms } of allowed) {
      if (chatByStore({ ctx })) {
        const addresses = chatByUser.get(ctx.address) ?? [];
        if (addresses.length === 0)
          this.notSent(
            decision,
            'chat',
            ctx.recipient,
            ctx.address,
            'skipped',
            `no chat address for user "${ctx.address}" (no chatId or "chat" route, none registered with ChatAddressService)`,
          );
        for (const address of addresses) this.request(decision, ctx, address, content);
        continue;
      }
      if (ctx.channel === 'webhook') {
        this.webhookRequests(decision, ctx, content as WebhookContent, hooks);
        continue;
      }
      if (ctx.channel !== 'push') {
        this.request(decision, ctx, ctx.address, content, undefined, screened, sms);
        continue;
      }
      if (ctx.recipient.routes?.push !== undefined) {
        this.request(decision, ctx, ctx.address, content, channels.pushChain());
        continue;
      }
      const tokens = tokensByUser.get(ctx.address) ?? [];
      if (tokens.length === 0) {
        const reason = deviceTokens
          ? `no live device token for user "${ctx.address}"`
          : 'no device-token registry (DeviceTokenService) in the application';
        this.notSent(decision, 'push', ctx.recipient, ctx.address, 'skipped', reason);
        continue;
      }
      for (const token of tokens) {
        const chain = channels.pushChain(token.platform);
        if (chain) this.request(decision, ctx, token.token, content, chain);
        else {
          this.notSent(
            decision,
            'push',
            ctx.recipient,
            token.token,
            'skipped',
            `no push backend for platform "${token.platform}"; configure one, or set NotifierModule option pushBackends.${token.platform}`,
          );
        }
      }
    }
  }

  /** The enabled endpoints of every webhook owner among `allowed` (one store query). */
  private async webhookEndpoints(
    allowed: ReadonlyArray<{ ctx: GateContext }>,
  ): Promise<Map<string, StoredWebhookEndpoint[]>> {
    // registration refuses control characters in an owner: such an address has no endpoint
    // (and PostgreSQL refuses NUL in a query parameter)
    const owners = allowed
      .filter(({ ctx }) => ctx.channel === 'webhook' && findControlCharacter(ctx.address) === -1)
      .map(({ ctx }) => ctx.address);
    const byOwner = new Map<string, StoredWebhookEndpoint[]>();
    const endpoints = this.deps.channels.webhookEndpoints();
    if (owners.length === 0 || !endpoints) return byOwner;
    for (const endpoint of await endpoints.store.listEnabled(owners)) {
      const list = byOwner.get(endpoint.owner);
      if (list) list.push(endpoint);
      else byOwner.set(endpoint.owner, [endpoint]);
    }
    return byOwner;
  }

  /** One request per enabled endpoint of the owner subscribed to the event type. */
  private webhookRequests(
    decision: Outgoing,
    ctx: GateContext,
    content: WebhookContent,
    byOwner: Map<string, StoredWebhookEndpoint[]>,
  ): void {
    const matching = (byOwner.get(ctx.address) ?? []).filter(
      (e) => e.eventTypes.length === 0 || e.eventTypes.includes(content.eventType),
    );
    if (matching.length === 0) {
      const reason = `no enabled webhook endpoint of "${ctx.address}" subscribed to "${content.eventType}"`;
      this.notSent(decision, 'webhook', ctx.recipient, ctx.address, 'skipped', reason);
      return;
    }
    for (const endpoint of matching) this.request(decision, ctx, endpoint.id, content);
  }

  private request(
    decision: Outgoing,
    ctx: GateContext,
    address: string,
    content: unknown,
    chain?: string[],
    screened = false,
    planned?: SmsSegmentInfo,
  ): void {
    const { notification } = decision.plan;
    const idempotencyKey = deliveryKey(notification.id, ctx.channel, ctx.recipient, address);
    const meta: Record<string, string> = {
      type: notification.type,
      channel: ctx.channel,
      category: notification.category,
    };
    const base = { notificationId: notification.id, meta };
    const { channels } = this.deps;
    let request: DeliveryRequest;
    switch (ctx.channel) {
      case 'sms': {
        const sms = content as { body: string; from?: string };
        // counted when the plan was rendered; a plan without the count (a digest, an older job) counts here
        const info = typeof sms.body === 'string' ? (planned ?? smsSegments(sms.body)) : undefined;
        if (info) {
          const { encoding, segments } = info;
          this.deps.metrics.smsSegments(notification.type, encoding, segments);
          Object.assign(meta, { smsEncoding: encoding, smsSegments: String(segments) });
        }
        request = {
          ...base,
          adapter: SMS_ADAPTER,
          chain: channels.chain('sms'),
          message: { to: address, body: sms.body, from: sms.from, idempotencyKey },
          // the record's columns, so that reliable delivery does not count again
          ...(info && {
            recordFields: { smsSegments: info.segments, smsEncoding: info.encoding },
          }),
        };
        break;
      }
      case 'chat':
        request = {
          ...base,
          adapter: CHAT_ADAPTER,
          chain: channels.chain('chat'),
          message: { ...(content as ChatMessage), to: address, idempotencyKey },
        };
        break;
      case 'mail':
        request = {
          ...base,
          adapter: MAIL_ADAPTER,
          chain: channels.chain('mail'),
          message: { ...MAIL_ADAPTER.fromJob(content), idempotencyKey },
        };
        break;
      case 'push':
        request = {
          ...base,
          adapter: PUSH_ADAPTER,
          chain: chain!,
          message: { ...(content as object), token: address, idempotencyKey } as PushMessage,
        };
        break;
      case 'inbox':
        request = {
          ...base,
          adapter: INBOX_ADAPTER,
          chain: ['inbox'],
          message: { ...(content as object), userId: address, idempotencyKey },
        };
        break;
      case 'webhook': {
        const hook = content as WebhookContent;
        request = {
          ...base,
          adapter: WEBHOOK_ADAPTER,
          chain: ['webhook'],
          message: {
            endpointId: address,
            eventType: hook.eventType,
            payload: hook.payload,
            idempotencyKey,
          },
        };
        break;
      }
      default:
        request = {
          ...base,
          adapter: customChannelAdapter(ctx.channel),
          chain: [ctx.channel],
          message: {
            address,
            recipient: ctx.recipient,
            content,
            notificationId: notification.id,
            notificationType: notification.type,
            category: notification.category,
            idempotencyKey,
          },
        };
    }
    // the gates checked this address against the suppression list: reliable delivery does not again
    if (screened) request.screened = [address];
    decision.requests.push(request);
    decision.requestInfo.push({ channel: ctx.channel, recipientId: ctx.recipient.id });
  }

  private notSent(
    decision: Outgoing,
    channel: string,
    profile: RecipientProfile,
    address: string,
    status: NotSentStatus,
    reason: string,
  ): void {
    const { notification } = decision.plan;
    const deliveryChannel = this.deps.channels.deliveryChannel(channel);
    const idempotencyKey = deliveryKey(notification.id, channel, profile, address);
    decision.notSent.push({
      channel,
      recipientId: profile.id,
      status,
      record: {
        id: deliveryIdFor(deliveryChannel, idempotencyKey),
        channel: deliveryChannel,
        backend: '-',
        recipient: address || '-',
        status,
        lastError: reason,
        idempotencyKey,
        notificationId: notification.id,
      },
    });
  }
}
