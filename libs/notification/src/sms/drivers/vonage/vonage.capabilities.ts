import type { ProviderCapabilities } from '../../../registry/provider-capabilities.js';

/** What the `vonage` SMS driver does (see docs/channels.md). */
export const vonageCapabilities: ProviderCapabilities = {
  driver: 'vonage',
  channel: 'sms',
  provider: 'Vonage SMS API',
  send: 'REST POST /sms/json (form; api_secret or signed with the signature secret)',
  batch: null,
  feedbackWebhook: '`webhooks/vonage/dlr` (delivery receipts)',
  signature:
    'sig over the sorted parameters (HMAC-SHA256 default; md5hash, MD5/SHA1/SHA512 HMAC) with timestamp',
  suppressionSources: [],
  rateLimit: 'status 1 (throttled) is retried with backoff',
};
