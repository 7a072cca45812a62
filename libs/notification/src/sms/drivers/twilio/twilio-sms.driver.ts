import type { SmsMessage, TwilioDriverConfig } from '@herald/contracts';
import type { DeliveryFailureReason } from '../../../errors/delivery.error.js';
import {
  HttpClient,
  httpDeliveryError,
  parseJsonBody,
  type DeliveryContext,
} from '../../../utils/http-client.util.js';
import type { SmsProviderDriver, SmsDriverResult } from '../../sms-driver.interface.js';

/** Twilio error codes that say the recipient cannot receive this SMS. */
const RECIPIENT_CODES = new Set([21211, 21214, 21408, 21610, 21612, 21614, 21217]);

/**
 * Twilio Messages REST API: `POST /2010-04-01/Accounts/{sid}/Messages.json`,
 * form-encoded, HTTP Basic auth with `account_sid`:`auth_token`. An
 * idempotency key travels as `I-Twilio-Idempotency-Token`; with
 * `statusCallbackUrl` set, each message asks Twilio for status callbacks
 * there (`StatusCallback`), which `NotificationWebhooksModule` receives.
 */
export class TwilioSmsDriver implements SmsProviderDriver {
  readonly driver = 'twilio';
  private readonly http: HttpClient;
  private readonly context: DeliveryContext;
  private readonly authorization: string;

  constructor(
    backend: string,
    private readonly config: TwilioDriverConfig,
  ) {
    this.context = { channel: 'sms', backend, provider: 'Twilio' };
    this.http = new HttpClient(this.context);
    this.authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  }

  async send(message: SmsMessage, traceHeaders: Record<string, string>): Promise<SmsDriverResult> {
    const form = new URLSearchParams();
    form.set('To', message.to);
    if (message.from) form.set('From', message.from);
    else if (this.config.messagingServiceSid)
      form.set('MessagingServiceSid', this.config.messagingServiceSid);
    else form.set('From', this.config.fromNumber);
    form.set('Body', message.body);
    if (this.config.statusCallbackUrl) form.set('StatusCallback', this.config.statusCallbackUrl);
    const body = form.toString();
    const headers: Record<string, string | number> = {
      ...traceHeaders,
      authorization: this.authorization,
      'content-type': 'application/x-www-form-urlencoded',
      'content-length': Buffer.byteLength(body),
      accept: 'application/json',
    };
    if (message.idempotencyKey) headers['i-twilio-idempotency-token'] = message.idempotencyKey;
    const url = `${this.config.baseUrl.replace(/\/$/, '')}/2010-04-01/Accounts/${encodeURIComponent(this.config.accountSid)}/Messages.json`;
    const response = await this.http.request(url, {
      method: 'POST',
      headers,
      body,
      timeoutMs: this.config.timeout * 1000,
    });
    const json = parseJsonBody<{ sid?: string; status?: string; code?: number; message?: string }>(
      response.body,
    );
    if (response.status >= 200 && response.status < 300 && json?.sid) {
      return { messageId: json.sid, status: json.status };
    }
    throw httpDeliveryError(this.context, response, {
      message:
        json?.message ?? (response.status < 300 ? 'answer without a message sid' : undefined),
      providerCode: json?.code === undefined ? undefined : String(json.code),
      reason: twilioFailureReason(response.status, json?.code),
    });
  }

  close(): void {
    this.http.close();
  }
}

/** The failure reason of a Twilio Messages API answer (`undefined`: by HTTP status). */
export function twilioFailureReason(
  status: number,
  code: number | undefined,
): DeliveryFailureReason | undefined {
  if (code !== undefined && RECIPIENT_CODES.has(code)) return 'invalid_recipient';
  if (code === 20003 || status === 401) return 'auth';
  if (code === 20429 || status === 429) return 'rate_limited';
  if (status === 404) return 'bad_request';
  if (status >= 200 && status < 300) return 'unknown';
  return undefined;
}
