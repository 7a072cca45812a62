import type { ProviderCapabilities } from '../../../registry/provider-capabilities.js';

/** What the `twilio` driver (Twilio Programmable Messaging) can do: one row of the provider table in docs/channels.md. */
export const twilioCapabilities: ProviderCapabilities = {
  driver: 'twilio',
  channel: 'sms',
  provider: 'Twilio Programmable Messaging',
  send: 'REST `POST /2010-04-01/Accounts/{sid}/Messages.json`, form-encoded, Basic auth',
  batch: null,
  feedbackWebhook:
    '`webhooks/twilio/status` (status callbacks), `webhooks/twilio/inbound` (replies)',
  signature: 'HMAC-SHA1 `X-Twilio-Signature` over the URL and sorted parameters',
  suppressionSources: ['STOP reply (START lifts it)', 'error 21610 (recipient unsubscribed)'],
  rateLimit: '429 (error 20429): retried after `Retry-After`',
};
