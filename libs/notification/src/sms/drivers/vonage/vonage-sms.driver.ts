import type { SmsMessage, VonageDriverConfig } from '@herald/contracts';
import { DeliveryError } from '../../../errors/delivery.error.js';
import {
  HttpClient,
  httpDeliveryError,
  parseJsonBody,
  type DeliveryContext,
} from '../../../utils/http-client.util.js';
import { smsSegments } from '../../sms-segments.util.js';
import type { SmsProviderDriver, SmsDriverResult } from '../../sms-driver.interface.js';
import { vonageSignature, VONAGE_SIGNATURE_PARAM } from './vonage-signature.util.js';
import { vonageFailureReason } from './vonage-status-codes.js';

/** Longest `client-ref` Vonage accepts. */
const MAX_CLIENT_REF = 100;

/** One entry of the SMS API's `messages`. */
interface VonageMessageAnswer {
  status?: string;
  'message-id'?: string;
  'error-text'?: string;
}

/**
 * Vonage SMS API: `POST /sms/json`, form-encoded, authenticated with
 * `api_key` and `api_secret`, or signed (`timestamp` + `sig`) with the
 * signature secret when one is configured. A text outside GSM-7 goes as
 * `type=unicode`; the idempotency key travels as `client-ref` (echoed in
 * delivery receipts); with `statusCallbackUrl` set, each message asks for a
 * delivery receipt there (`callback`). Vonage answers 200 with a status per
 * part: the first non-zero one is the failure; the first part's id is the
 * message id (receipts arrive per part).
 */
export class VonageSmsDriver implements SmsProviderDriver {
  readonly driver = 'vonage';
  private readonly http: HttpClient;
  private readonly context: DeliveryContext;
  private readonly url: string;

  constructor(
    backend: string,
    private readonly config: VonageDriverConfig,
  ) {
    this.context = { channel: 'sms', backend, provider: 'Vonage' };
    this.http = new HttpClient(this.context);
    this.url = `${config.baseUrl.replace(/\/$/, '')}/sms/json`;
  }

  async send(message: SmsMessage, traceHeaders: Record<string, string>): Promise<SmsDriverResult> {
    const body = this.form(message).toString();
    const response = await this.http.request(this.url, {
      method: 'POST',
      headers: {
        ...traceHeaders,
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': Buffer.byteLength(body),
        accept: 'application/json',
      },
      body,
      timeoutMs: this.config.timeout * 1000,
    });
    const json = parseJsonBody<{ messages?: VonageMessageAnswer[] }>(response.body);
    if (response.status < 200 || response.status >= 300)
      throw httpDeliveryError(this.context, response, {
        message:
          typeof (json as { title?: unknown })?.title === 'string'
            ? (json as { title: string }).title
            : undefined,
      });
    const parts = Array.isArray(json?.messages) ? json.messages : [];
    const failed = parts.find((part) => part?.status !== '0');
    if (parts.length > 0 && !failed && typeof parts[0]['message-id'] === 'string')
      return { messageId: parts[0]['message-id'], status: 'submitted' };
    const code = typeof failed?.status === 'string' ? failed.status : undefined;
    const text = typeof failed?.['error-text'] === 'string' ? failed['error-text'] : undefined;
    throw new DeliveryError(
      `Vonage rejected the sms on backend "${this.context.backend}" with ${code === undefined ? 'an answer without a message id' : `status ${code}`}${text ? `: ${text}` : ''}`,
      {
        reason: code === undefined ? 'unknown' : vonageFailureReason(code),
        channel: 'sms',
        backend: this.context.backend,
        statusCode: response.status,
        providerCode: code,
      },
    );
  }

  close(): void {
    this.http.close();
  }

  private form(message: SmsMessage): URLSearchParams {
    const form = new URLSearchParams();
    form.set('api_key', this.config.apiKey);
    // Vonage takes numbers in international form without the plus sign
    form.set('from', (message.from ?? this.config.from).replace(/^\+/, ''));
    form.set('to', message.to.replace(/^\+/, ''));
    form.set('text', message.body);
    if (smsSegments(message.body).encoding === 'UCS-2') form.set('type', 'unicode');
    if (message.idempotencyKey)
      form.set('client-ref', message.idempotencyKey.slice(0, MAX_CLIENT_REF));
    if (this.config.statusCallbackUrl) {
      form.set('status-report-req', '1');
      form.set('callback', this.config.statusCallbackUrl);
    }
    if (this.config.signatureSecret) {
      form.set('timestamp', String(Math.floor(Date.now() / 1000)));
      form.set(
        VONAGE_SIGNATURE_PARAM,
        vonageSignature(this.config.signatureSecret, this.config.signatureMethod, form),
      );
    } else form.set('api_secret', this.config.apiSecret!);
    return form;
  }
}
