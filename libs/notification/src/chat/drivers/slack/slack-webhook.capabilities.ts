import type { ProviderCapabilities } from '../../../registry/provider-capabilities.js';

/** What the `slack` driver (Slack incoming webhook (`mode: webhook`)) can do: one row of the provider table in docs/channels.md. */
export const slackWebhookCapabilities: ProviderCapabilities = {
  driver: 'slack',
  channel: 'chat',
  provider: 'Slack incoming webhook (`mode: webhook`)',
  send: '`POST` to the webhook URL, JSON with Block Kit',
  batch: null,
  feedbackWebhook: null,
  signature: null,
  suppressionSources: [],
  rateLimit: 'about 1 message/s, paced by Herald; 429 retried after `Retry-After`',
};
