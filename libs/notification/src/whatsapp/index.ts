/** WhatsApp through Twilio: a notifier channel named `whatsapp`. */
export {
  TwilioWhatsAppChannel,
  twilioWhatsAppChannel,
  type TwilioWhatsAppOptions,
} from './twilio-whatsapp.channel.js';
export type { WhatsAppContent } from './whatsapp-content.interface.js';
export { WhatsAppSessionWindowError } from './errors/whatsapp-session-window.error.js';
