import type { ProviderCapabilities } from '../../../registry/provider-capabilities.js';

/** What the `apns` driver (Apple Push Notification service) can do: one row of the provider table in docs/channels.md. */
export const apnsCapabilities: ProviderCapabilities = {
  driver: 'apns',
  channel: 'push',
  provider: 'Apple Push Notification service',
  send: 'HTTP/2 `POST /3/device/{token}`, ES256 provider token',
  batch: null,
  feedbackWebhook: null,
  signature: null,
  suppressionSources: [
    '410 `Unregistered` / `BadDeviceToken`: the device token is dropped from the device registry (or suppressed without one)',
  ],
  rateLimit: '429 `TooManyRequests` and 503: retried after `Retry-After`',
};
