import type { ProviderCapabilities } from '../registry/provider-capabilities.js';

/** What `TwilioWhatsAppChannel` does (see docs/channels.md). */
export const whatsappTwilioCapabilities: ProviderCapabilities = {
  driver: 'twilio',
  channel: 'whatsapp',
  provider: 'Twilio WhatsApp (Messages API)',
  send: 'REST POST /Messages.json with whatsapp:+E164, ContentSid + ContentVariables, or Body inside the 24-hour window',
  batch: null,
  feedbackWebhook: '`webhooks/twilio/status` (status callbacks)',
  signature: 'HMAC-SHA1 X-Twilio-Signature',
  suppressionSources: [],
  rateLimit: '429 / error 20429 retried with Retry-After',
};
