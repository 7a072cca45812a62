import type { ProviderCapabilities } from '../../../registry/provider-capabilities.js';

/** What the `teams` driver (Microsoft Teams Workflows webhook) can do: one row of the provider table in docs/channels.md. */
export const teamsCapabilities: ProviderCapabilities = {
  driver: 'teams',
  channel: 'chat',
  provider: 'Microsoft Teams Workflows webhook',
  send: '`POST` to the Workflows URL, Adaptive Card',
  batch: null,
  feedbackWebhook: null,
  signature: null,
  suppressionSources: [],
  rateLimit: '429 retried after `Retry-After`',
};
