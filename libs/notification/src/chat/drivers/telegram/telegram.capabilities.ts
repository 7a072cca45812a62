import type { ProviderCapabilities } from '../../../registry/provider-capabilities.js';

/** What the `telegram` driver (Telegram Bot API) can do: one row of the provider table in docs/channels.md. */
export const telegramCapabilities: ProviderCapabilities = {
  driver: 'telegram',
  channel: 'chat',
  provider: 'Telegram Bot API',
  send: '`POST /bot{token}/sendMessage`, MarkdownV2 or HTML escaped by Herald',
  batch: null,
  feedbackWebhook: null,
  signature: null,
  suppressionSources: [],
  rateLimit: '429 retried after `parameters.retry_after`',
};
