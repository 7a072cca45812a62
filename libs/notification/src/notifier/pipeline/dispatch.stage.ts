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
import { smsSegments } from '../../sms/sms-segments.util.js';
import { findControlCharacter } from '../../utils/store-text.util.js';
import { customChannelAdapter } from '../channels/custom-channel.adapter.js';
import { INBOX_ADAPTER } from '../channels/inbox-delivery.adapter.js';
import type { NotifierChannelRegistry } from '../channels/notifier-channel.registry.js';
import type { DeviceTokenService } from '../devices/device-token.service.js';
import type { ChatAddressService } from '../devices/chat-address.service.js';
import type { DeviceToken } from '../devices/device-token.js';
import { NotifierConfigError } from '../errors/notifier-config.error.js';
import type {
  DigestEntry,
  GateContext,
  NotificationDigester,
  NotificationGate,
} from '../gates/notification-gate.interface.js';
import { runGates } from '../gates/run-gates.util.js';
import type { NotifierMetrics, NotificationOutcome } from '../notifier.metrics.js';
import type { NotifierScheduler } from '../queue/notifier-job.interface.js';
import type { RecipientProfile } from '../recipients/recipient.interface.js';
import { WEBHOOK_ADAPTER, type WebhookContent } from '../webhooks/webhook-delivery.js';
import type { StoredWebhookEndpoint } from '../webhooks/webhook-endpoint.js';
import type { NotificationPlan, PlannedRecipient } from './notification-plan.interface.js';

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

/** The outcome of the gates and the device-token fan-out, before anything is written. */
export interface DispatchDecision {
  plan: NotificationPlan;
  requests: DeliveryRequest[];
  requestInfo: Planned[];
  notSent: Array<Planned & { record: NewDeliveryRecord; status: NotSentStatus }>;
  deferred: Map<number, PlannedRecipient[]>;
  digests: DigestEntry[];
}

export interface NotificationDispatcherDeps {
  delivery: DeliveryService;
  channels: NotifierChannelRegistry;
  gates: readonly NotificationGate[];
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
 * Second stage of `notify()` (and of a scheduled or deferred job): `decide`
 * runs the gates and finds each user's live device tokens, writing nothing;
 * `commit` writes the records of what is not sent, hands the rest to reliable
 * delivery in one batch (records in one multi-row insert, jobs in one
 * `addBulk`), then the digests and the deferred jobs.
 *
 * Every delivery's idempotency key (and so its id) is derived from the
 * notification id, the channel, the recipient and the address: dispatching
 * the same plan twice never sends twice.
 */
export class NotificationDispatcher {
  constructor(private readonly deps: NotificationDispatcherDeps) {}

  async decide(
    plan: NotificationPlan,
    stage: GateContext['stage'],
    now = Date.now(),
  ): Promise<DispatchDecision> {
    const { notification } = plan;
    const decision: DispatchDecision = {
      plan,
      requests: [],
      requestInfo: [],
      notSent: [],
      deferred: new Map(),
      digests: [],
    };
    const contexts: GateContext[] = [];
    const contents: unknown[] = [];
    for (const { profile, deliveries } of plan.recipients) {
      for (const delivery of deliveries) {
        const address = this.deps.channels.addressOf(delivery.channel, profile) ?? '';
        if (delivery.skipped !== undefined) {
          this.notSent(decision, delivery.channel, profile, address, 'skipped', delivery.skipped);
          continue;
        }
        contexts.push({
          notification,
          recipient: profile,
          channel: delivery.channel,
          address,
          now,
          stage,
        });
        contents.push(delivery.content);
      }
    }
    const allowed: number[] = [];
    const answers = await runGates(this.deps.gates, contexts);
    answers.forEach((answer, i) => {
      const ctx = contexts[i];
      switch (answer.action) {
        case 'allow':
          allowed.push(i);
          return;
        case 'suppress':
          this.notSent(
            decision,
            ctx.channel,
            ctx.recipient,
            ctx.address,
            answer.status ?? 'suppressed',
            answer.reason,
          );
          return;
        case 'digest':
          if (!this.deps.digester) {
            throw new NotifierConfigError([
              {
                path: 'digester',
                message: `a gate asked to digest a ${notification.type} under "${answer.key}", but NotifierModule has no digester; give one with NotifierModule.forRoot({}, { digester: MyDigester })`,
              },
            ]);
          }
          decision.digests.push({
            key: answer.key,
            windowMs: answer.windowMs,
            context: ctx,
            content: contents[i],
          });
          this.notSent(
            decision,
            ctx.channel,
            ctx.recipient,
            ctx.address,
            'digested',
            `digest "${answer.key}"`,
          );
          return;
        case 'defer':
          if (!this.deps.scheduler) {
            throw new NotifierConfigError([
              {
                path: 'notification.delivery.queue',
                message: `a gate deferred a ${notification.type} delivery, which needs the BullMQ queue; set queue: bullmq, or NotifierModule option inlineTimers: true (got inline)`,
              },
            ]);
          }
          this.defer(decision, answer.untilMs, ctx, contents[i], answer.reason);
          return;
      }
    });
    await this.build(
      decision,
      allowed.map((i) => ({ ctx: contexts[i], content: contents[i] })),
    );
    return decision;
  }

  async commit(decision: DispatchDecision): Promise<DispatchedDelivery[]> {
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
    if (decision.digests.length > 0) await this.deps.digester!.add(decision.digests);
    for (const [untilMs, recipients] of decision.deferred) {
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
  private async build(
    decision: DispatchDecision,
    allowed: Array<{ ctx: GateContext; content: unknown }>,
  ): Promise<void> {
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
    for (const { ctx, content } of allowed) {
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
        this.request(decision, ctx, ctx.address, content);
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
    allowed: Array<{ ctx: GateContext }>,
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
    decision: DispatchDecision,
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
    decision: DispatchDecision,
    ctx: GateContext,
    address: string,
    content: unknown,
    chain?: string[],
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
        if (typeof sms.body === 'string') {
          const { encoding, segments } = smsSegments(sms.body);
          this.deps.metrics.smsSegments(notification.type, encoding, segments);
          Object.assign(meta, { smsEncoding: encoding, smsSegments: String(segments) });
        }
        request = {
          ...base,
          adapter: SMS_ADAPTER,
          chain: channels.chain('sms'),
          message: { to: address, body: sms.body, from: sms.from, idempotencyKey },
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
    decision.requests.push(request);
    decision.requestInfo.push({ channel: ctx.channel, recipientId: ctx.recipient.id });
  }

  private notSent(
    decision: DispatchDecision,
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

  private defer(
    decision: DispatchDecision,
    untilMs: number,
    ctx: GateContext,
    content: unknown,
    reason?: string,
  ): void {
    const group = decision.deferred.get(untilMs) ?? [];
    let entry = group.find((r) => r.profile === ctx.recipient);
    if (!entry) {
      entry = { profile: ctx.recipient, deliveries: [] };
      group.push(entry);
    }
    entry.deliveries.push(
      reason === undefined
        ? { channel: ctx.channel, content }
        : { channel: ctx.channel, content, deferred: reason },
    );
    decision.deferred.set(untilMs, group);
  }
}
