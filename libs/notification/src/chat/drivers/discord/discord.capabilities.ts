import type { ProviderCapabilities } from '../../../registry/provider-capabilities.js';

/** What the `discord` driver (Discord webhook) can do: one row of the provider table in docs/channels.md. */
export const discordCapabilities: ProviderCapabilities = {
  driver: 'discord',
  channel: 'chat',
  provider: 'Discord webhook',
  send: '`POST /api/webhooks/{id}/{token}?wait=true`, embeds, `allowed_mentions` empty',
  batch: null,
  feedbackWebhook: null,
  signature: null,
  suppressionSources: [],
  rateLimit: '429 retried after `Retry-After`',
};
