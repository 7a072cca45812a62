import type { ProviderCapabilities } from '../../../registry/provider-capabilities.js';

/** What the `ses` mail driver can do (collected into the provider catalog). */
export const sesCapabilities: ProviderCapabilities = {
  driver: 'ses',
  channel: 'mail',
  provider: 'Amazon SES',
  send: 'REST POST /v2/email/outbound-emails (SES v2 SendEmail, Simple content), AWS Signature Version 4; up to 50 recipients (to, cc, bcc) per message',
  batch: null,
  feedbackWebhook: '`webhooks/ses/events` (SNS HTTPS subscription of the configuration set)',
  signature:
    'SNS message signature (SignatureVersion 1 SHA1withRSA, 2 SHA256withRSA), certificate from an allow-listed SigningCertURL host',
  suppressionSources: ['Permanent bounce', 'complaint'],
  rateLimit:
    '429 TooManyRequestsException / Throttling with Retry-After honoured; sending rate per account',
};
