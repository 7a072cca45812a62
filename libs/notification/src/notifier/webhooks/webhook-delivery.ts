import type { ChannelAdapter } from '../../delivery/reliable/channel-adapters.js';

/** What `toWebhook()` returns: the event type (filters endpoints) and the JSON payload (`data`). */
export interface WebhookContent {
  /** Like `invoice.paid`: letters, digits, `_`, `.`, `:` or `-`, at most 128 characters. */
  eventType: string;
  payload: Record<string, unknown>;
}

/** One webhook request to one endpoint, as reliable delivery carries it (JSON). */
export interface WebhookDeliveryMessage extends WebhookContent {
  endpointId: string;
  idempotencyKey?: string;
}

/** What a webhook send answers. */
export interface WebhookSendResult {
  /** The `webhook-id` header: the delivery id, the same on every retry. */
  messageId: string;
  endpointId: string;
  /** The endpoint's HTTP status (absent while queued). */
  statusCode?: number;
}

/** Reads, keys and (de)serialises webhook deliveries (channel `webhook`; the recipient is the endpoint id). */
export const WEBHOOK_ADAPTER: ChannelAdapter<WebhookDeliveryMessage, WebhookSendResult> = {
  channel: 'webhook',
  recipientOf: (m) => m.endpointId,
  contentOf: (m) => [m.endpointId, m.eventType, m.payload],
  keyOf: (m) => m.idempotencyKey,
  withKey: (m, idempotencyKey) => Object.assign({}, m, { idempotencyKey }),
  messageIdOf: (r) => r.messageId,
  queuedResult: (deliveryId, _backend, m) => ({ messageId: deliveryId, endpointId: m.endpointId }),
  toJob: (m) => m,
  fromJob: (d) => d as WebhookDeliveryMessage,
};
