import type { ProviderCapabilities } from '../../../registry/provider-capabilities.js';

/** What the `sendgrid` driver (Twilio SendGrid) can do: one row of the provider table in docs/channels.md. */
export const sendgridCapabilities: ProviderCapabilities = {
  driver: 'sendgrid',
  channel: 'mail',
  provider: 'Twilio SendGrid',
  send: 'REST `POST /v3/mail/send`, JSON, Bearer API key',
  batch: null,
  feedbackWebhook: '`webhooks/sendgrid/events` (Event Webhook)',
  signature: 'ECDSA P-256 `X-Twilio-Email-Event-Webhook-Signature` over timestamp and body',
  suppressionSources: [
    'hard bounce',
    'spam report',
    '`dropped` for a bounced, reported or unsubscribed address',
  ],
  rateLimit: '429: retried after `Retry-After`',
};
