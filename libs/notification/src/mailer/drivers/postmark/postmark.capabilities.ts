import type { ProviderCapabilities } from '../../../registry/provider-capabilities.js';

/** What the `postmark` mail driver does. */
export const postmarkCapabilities: ProviderCapabilities = {
  driver: 'postmark',
  channel: 'mail',
  provider: 'Postmark',
  send: 'REST POST /email (X-Postmark-Server-Token)',
  batch: 'up to 50 recipients across To, Cc and Bcc of one POST /email',
  feedbackWebhook: 'webhooks/postmark/events',
  signature: 'HTTP Basic auth credentials set on the webhook (constant-time compare)',
  suppressionSources: ['hard bounce', 'spam complaint', 'unsubscribe (SubscriptionChange)'],
  rateLimit: '429 with Retry-After honoured by the retry policy',
};
