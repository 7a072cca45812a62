import type { ProviderCapabilities } from '../../../registry/provider-capabilities.js';

/** What the `smtp` driver (Any SMTP server (nodemailer)) can do: one row of the provider table in docs/channels.md. */
export const smtpCapabilities: ProviderCapabilities = {
  driver: 'smtp',
  channel: 'mail',
  provider: 'Any SMTP server (nodemailer)',
  send: 'SMTP with STARTTLS or implicit TLS, pooled connections',
  batch: null,
  feedbackWebhook: null,
  signature: null,
  suppressionSources: [],
  rateLimit: '4xx replies (421, 450, 451, 452) are transient and retried with backoff',
};
