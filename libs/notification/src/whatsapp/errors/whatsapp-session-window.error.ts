import { DeliveryError } from '../../errors/delivery.error.js';

/**
 * Twilio error 63016: a free-form WhatsApp message to a user whose 24-hour
 * session window is closed. Permanent (a retry cannot open the window): send
 * an approved content template (`contentSid`) instead.
 */
export class WhatsAppSessionWindowError extends DeliveryError {
  constructor(backend: string, statusCode: number) {
    super(
      `WhatsApp refused a free-form message on backend "${backend}" (Twilio error 63016): the recipient's 24-hour session window is closed; send an approved content template instead (toWhatsApp() returning { contentSid, contentVariables })`,
      {
        reason: 'bad_request',
        channel: 'whatsapp',
        backend,
        statusCode,
        providerCode: '63016',
      },
    );
  }
}
