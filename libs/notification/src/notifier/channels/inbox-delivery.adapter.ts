import type { InboxMessage } from '@herald/contracts';
import type { ChannelAdapter } from '../../delivery/reliable/channel-adapters.js';
import type { DeliveryBackend } from '../../delivery/reliable/delivery-engine.js';
import type { InboxService } from '../../inbox/inbox.service.js';
import { ensureDeliveryError } from '../../utils/ensure-delivery-error.util.js';
import type { InboxContent } from '../notification.js';

/** An inbox message for one user, as reliable delivery carries it. */
export interface InboxDeliveryMessage extends InboxContent {
  userId: string;
  idempotencyKey?: string;
}

/** Reads, keys and (de)serialises inbox deliveries (channel `inbox`). */
export const INBOX_ADAPTER: ChannelAdapter<InboxDeliveryMessage, InboxMessage> = {
  channel: 'inbox',
  recipientOf: (m) => m.userId,
  contentOf: (m) => [m.userId, m.title, m.body, m.category ?? '', m.actionUrl ?? ''],
  keyOf: (m) => m.idempotencyKey,
  withKey: (m, idempotencyKey) => Object.assign({}, m, { idempotencyKey }),
  messageIdOf: (r) => r.id,
  queuedResult: (deliveryId, _backend, m) => ({
    id: deliveryId,
    userId: m.userId,
    title: m.title,
    body: m.body,
    readAt: null,
    seenAt: null,
    archivedAt: null,
    snoozedUntil: null,
    tags: [],
    severity: 'normal',
    actions: [],
    createdAt: new Date(),
    expiresAt: new Date(),
  }),
  toJob: (m) => m,
  fromJob: (d) => d as InboxDeliveryMessage,
};

/**
 * The inbox as a delivery backend named `inbox`: stores the message with
 * `InboxService.send()` (which fires `INBOX_SENT_HOOK`). A refused message
 * (bad input) fails at once; a store outage is retried.
 */
export function inboxDeliveryBackend(
  inbox: InboxService,
): DeliveryBackend<InboxDeliveryMessage, InboxMessage> {
  return {
    name: 'inbox',
    async send(message) {
      try {
        return await inbox.send(message.userId, {
          title: message.title,
          body: message.body,
          category: message.category,
          actionUrl: message.actionUrl,
          data: message.data,
          tags: message.tags,
          severity: message.severity,
          actions: message.actions,
        });
      } catch (error) {
        throw ensureDeliveryError(error, 'inbox', 'inbox');
      }
    },
  };
}
