import { DeliveryError, type DeliveryFailureReason } from '../../../errors/delivery.error.js';

/** nodemailer's error shape: `code` (EAUTH, ECONNECTION...) and the SMTP `responseCode`. */
interface SmtpFailure {
  code?: string;
  responseCode?: number;
  response?: string;
  message?: string;
  rejected?: string[];
}

/**
 * SMTP failures as `DeliveryError`s: 4xx replies and socket problems are
 * transient; 5xx replies and authentication failures are permanent.
 */
export function smtpDeliveryError(error: unknown, backend: string): DeliveryError {
  const e = (error ?? {}) as SmtpFailure;
  const reply = e.responseCode;
  let reason: DeliveryFailureReason = 'unknown';
  if (e.code === 'EAUTH' || reply === 535 || reply === 534 || reply === 530) reason = 'auth';
  else if (reply !== undefined && reply >= 400 && reply < 500)
    reason = reply === 421 ? 'provider_unavailable' : 'rate_limited';
  else if (reply === 550 || reply === 551 || reply === 553 || reply === 501)
    reason = 'invalid_recipient';
  else if (reply === 552) reason = 'payload_too_large';
  else if (reply !== undefined && reply >= 500) reason = 'bad_request';
  else if (e.code === 'ETIMEDOUT') reason = 'timeout';
  else if (
    e.code === 'ECONNECTION' ||
    e.code === 'ESOCKET' ||
    e.code === 'ETLS' ||
    e.code === 'EDNS' ||
    e.code === 'ECONNREFUSED'
  )
    reason = 'connection';
  if (
    reply !== undefined &&
    reply >= 400 &&
    reply < 500 &&
    reason === 'rate_limited' &&
    !/rate|too many|throttl/i.test(e.response ?? '')
  ) {
    reason = 'provider_unavailable';
  }
  return new DeliveryError(
    `SMTP delivery on backend "${backend}" failed${reply ? ` with reply ${reply}` : ''}${e.code ? ` (${e.code})` : ''}: ${e.response ?? e.message ?? String(error)}`,
    { reason, channel: 'mail', backend, statusCode: reply, providerCode: e.code, cause: error },
  );
}
