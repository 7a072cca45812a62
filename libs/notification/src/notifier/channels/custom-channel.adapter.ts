import type { ChannelAdapter } from '../../delivery/reliable/channel-adapters.js';
import { deliveryIdFor } from '../../delivery/reliable/channel-adapters.js';
import type { DeliveryBackend } from '../../delivery/reliable/delivery-engine.js';
import { ensureDeliveryError } from '../../utils/ensure-delivery-error.util.js';
import type { RecipientProfile } from '../recipients/recipient.interface.js';
import type { ChannelSendResult, NotifierChannel } from './notifier-channel.interface.js';

/** A delivery of a custom channel, as reliable delivery carries it (JSON). */
export interface CustomDeliveryMessage {
  address: string;
  recipient: RecipientProfile;
  content: unknown;
  notificationId: string;
  notificationType: string;
  category: string;
  idempotencyKey?: string;
}

/** Reads, keys and (de)serialises the deliveries of the custom channel `name`. */
export function customChannelAdapter(
  name: string,
): ChannelAdapter<CustomDeliveryMessage, ChannelSendResult> {
  return {
    channel: name,
    recipientOf: (m) => m.address,
    contentOf: (m) => [m.address, m.content],
    keyOf: (m) => m.idempotencyKey,
    withKey: (m, idempotencyKey) => Object.assign({}, m, { idempotencyKey }),
    messageIdOf: (r) => r.messageId,
    queuedResult: (deliveryId) => ({ messageId: deliveryId }),
    toJob: (m) => m,
    fromJob: (d) => d as CustomDeliveryMessage,
  };
}

/** A custom channel as a delivery backend of the same name; failures become `DeliveryError`s. */
export function customChannelBackend(
  channel: NotifierChannel,
): DeliveryBackend<CustomDeliveryMessage, ChannelSendResult> {
  return {
    name: channel.name,
    async send(message) {
      const idempotencyKey = message.idempotencyKey ?? '';
      try {
        const result = await channel.send(message.recipient, message.content, {
          notificationId: message.notificationId,
          deliveryId: deliveryIdFor(channel.name, idempotencyKey),
          notificationType: message.notificationType,
          category: message.category,
          address: message.address,
          idempotencyKey,
        });
        return result ?? {};
      } catch (error) {
        throw ensureDeliveryError(error, channel.name, channel.name);
      }
    },
  };
}
