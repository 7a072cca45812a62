import type { ProviderCapabilities } from '../../../registry/provider-capabilities.js';

/** What the `resend` mail driver does. */
export const resendCapabilities: ProviderCapabilities = {
  driver: 'resend',
  channel: 'mail',
  provider: 'Resend',
  send: 'REST POST /emails (Bearer API key, Idempotency-Key); up to 50 recipients per message',
  batch: null,
  feedbackWebhook: '`webhooks/resend/events`',
  signature: 'Standard Webhooks (Svix) HMAC-SHA256 svix-signature with a whsec_ secret',
  suppressionSources: ['bounce (Permanent)', 'spam complaint'],
  rateLimit: '429 with retry-after honoured by the retry policy',
};
