import type { ProviderCapabilities } from '../../../registry/provider-capabilities.js';

/** What the `mailgun` mail driver does. */
export const mailgunCapabilities: ProviderCapabilities = {
  driver: 'mailgun',
  channel: 'mail',
  provider: 'Mailgun',
  send: 'REST POST /v3/{domain}/messages (multipart/form-data, Basic api:<key>, US or EU host); up to 1,000 recipients (to, cc, bcc) per message',
  batch: null,
  feedbackWebhook: '`webhooks/mailgun/events`',
  signature: 'HMAC-SHA256 of timestamp + token with the webhook signing key; tokens single-use',
  suppressionSources: ['permanent failure', 'spam complaint', 'unsubscribe'],
  rateLimit: '429 with Retry-After honoured by the retry policy',
};
