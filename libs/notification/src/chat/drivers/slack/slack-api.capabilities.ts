import type { ProviderCapabilities } from '../../../registry/provider-capabilities.js';

/** What the `slack` driver (Slack Web API (`mode: api`)) can do: one row of the provider table in docs/channels.md. */
export const slackApiCapabilities: ProviderCapabilities = {
  driver: 'slack',
  channel: 'chat',
  provider: 'Slack Web API (`mode: api`)',
  send: '`POST /api/chat.postMessage`, Bearer bot token, Block Kit, thread replies',
  batch: null,
  feedbackWebhook: null,
  signature: null,
  suppressionSources: [],
  rateLimit: '1 message/s per channel, paced by Herald; 429 retried after `Retry-After`',
};
