import type {
  ChatChannelProtocol,
  MailerProtocol,
  PushChannelProtocol,
  SMSChannelProtocol,
} from '@herald/contracts';
import { DeliveryError } from '../errors/delivery.error.js';

/**
 * What the unnamed token (`SMS_CHANNEL`, `PUSH_CHANNEL`, `MAILER`) resolves to
 * when no backend is primary: injection works, and a send rejects with a
 * permanent `DeliveryError` that says how to fix the configuration.
 */
export function unconfiguredChannel(
  channel: 'sms' | 'push' | 'mail' | 'chat',
  listPath: string,
  names: string[],
): SMSChannelProtocol & PushChannelProtocol & MailerProtocol & ChatChannelProtocol {
  const configured = names.length ? names.map((n) => `"${n}"`).join(', ') : 'none';
  const fail = async (): Promise<never> => {
    throw new DeliveryError(
      `No ${channel} backend is marked primary (configured: ${configured}). Set primary: true on one entry of ${listPath}, or inject a backend by name.`,
      { reason: 'bad_request', channel, backend: '(no primary)' },
    );
  };
  return { name: '(no primary)', send: fail, sendBatch: fail };
}
