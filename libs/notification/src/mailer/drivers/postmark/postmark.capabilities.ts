import type { ProviderCapabilities } from '../../../registry/provider-capabilities.js';

/** What the `postmark` mail driver does. */
export const postmarkCapabilities: ProviderCapabilities = {
  driver: 'postmark',
  channel: 'mail',
  provider: 'Postmark',
  send: 'REST POST /email (X-Postmark-Server-Token); up to 50 recipients (To, Cc, Bcc) per message',
  batch: null,
  feedbackWebhook: '`webhooks/postmark/events`',
  signature: 'HTTP Basic auth credentials set on the webhook (constant-time compare)',
  suppressionSources: ['hard bounce', 'spam complaint', 'unsubscribe (SubscriptionChange)'],
  rateLimit: '429 with Retry-After honoured by the retry policy',
};
