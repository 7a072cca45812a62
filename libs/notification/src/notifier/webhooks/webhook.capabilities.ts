import type { ProviderCapabilities } from '../../registry/provider-capabilities.js';

/** What outgoing webhooks (the `webhook` channel) can do: one row of the provider table in docs/channels.md. */
export const outgoingWebhookCapabilities: ProviderCapabilities = {
  driver: 'webhook',
  channel: 'webhook',
  provider: 'Outgoing webhooks to registered endpoints (Standard Webhooks)',
  send: '`POST` `{ type, timestamp, data }` to each endpoint subscribed to the event type',
  batch: null,
  feedbackWebhook: null,
  signature:
    'Herald signs: `webhook-id`, `webhook-timestamp`, `webhook-signature` `v1,` HMAC-SHA256 per active `whsec_` secret',
  suppressionSources: [
    'an endpoint failing `failureThreshold` deliveries in a row (default 5) is disabled',
  ],
  rateLimit: '408, 429 and 5xx retried, `Retry-After` honoured up to 60 s; a breaker per endpoint',
};
