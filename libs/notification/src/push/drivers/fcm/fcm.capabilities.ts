import type { ProviderCapabilities } from '../../../registry/provider-capabilities.js';

/** What the `fcm` driver (Firebase Cloud Messaging HTTP v1) can do: one row of the provider table in docs/channels.md. */
export const fcmCapabilities: ProviderCapabilities = {
  driver: 'fcm',
  channel: 'push',
  provider: 'Firebase Cloud Messaging HTTP v1',
  send: 'REST `POST /v1/projects/{id}/messages:send`, OAuth2 (service-account JWT)',
  batch: null,
  feedbackWebhook: null,
  signature: null,
  suppressionSources: [
    '`UNREGISTERED` / 404: the device token is dropped from the device registry (or suppressed without one)',
  ],
  rateLimit: '429 `QUOTA_EXCEEDED` and 503: retried after `Retry-After`',
};
