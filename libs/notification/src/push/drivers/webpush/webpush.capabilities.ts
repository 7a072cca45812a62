import type { ProviderCapabilities } from '../../../registry/provider-capabilities.js';

/** What the `webpush` driver (Web Push (RFC 8030, any browser push service)) can do: one row of the provider table in docs/channels.md. */
export const webPushCapabilities: ProviderCapabilities = {
  driver: 'webpush',
  channel: 'push',
  provider: 'Web Push (RFC 8030, any browser push service)',
  send: '`POST` to the subscription endpoint, `aes128gcm` payload, VAPID',
  batch: null,
  feedbackWebhook: null,
  signature: null,
  suppressionSources: [
    '404 / 410: the subscription is dropped from the device registry (or suppressed without one)',
  ],
  rateLimit: '429: retried after `Retry-After`',
};
