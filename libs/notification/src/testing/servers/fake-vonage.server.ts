import { randomBytes } from 'node:crypto';
import type { VonageSignatureMethod } from '@herald/contracts';
import { smsSegments } from '../../sms/sms-segments.util.js';
import {
  vonageSignature,
  verifyVonageSignature,
} from '../../sms/drivers/vonage/vonage-signature.util.js';
import {
  FakeProviderServer,
  type FakeResponse,
  type ReceivedRequest,
} from './fake-provider-server.js';
import {
  postCallback,
  type CallbackResponse,
  type CallbackTampering,
} from './post-callback.util.js';

/** A status Vonage reports in a delivery receipt. */
export type VonageReceiptStatus =
  'delivered' | 'expired' | 'failed' | 'rejected' | 'accepted' | 'buffered' | 'unknown';

/** Options of a signed delivery receipt from `FakeVonageServer`. */
export interface VonageReceiptOptions extends CallbackTampering {
  /** The receipt's `err-code` (`0` delivered; `1`..`99` why it failed). @default '0' or '1' */
  errCode?: string | number;
  /** Where to send it. @default the message's `callback` */
  url?: string;
  /** Sign with this secret instead of the account's (a wrong key). */
  signWith?: string;
  /** The signed `timestamp`, in Unix seconds. @default now */
  timestamp?: number;
  /** Send the receipt as JSON instead of a form (Vonage's "POST-JSON" setting). */
  json?: boolean;
}

export interface FakeVonageOptions {
  /** @default 'abcd1234' */
  apiKey?: string;
  /** @default 'test-api-secret' */
  apiSecret?: string;
  /** @default 'test-signature-secret' */
  signatureSecret?: string;
  /** @default 'sha256' */
  signatureMethod?: VonageSignatureMethod;
}

/** A signed request is refused when its `timestamp` is further than this from now (seconds). */
const SIGNED_REQUEST_WINDOW = 300;

/**
 * Vonage's SMS API on 127.0.0.1: `POST /sms/json`, form or JSON, with
 * `api_key` + `api_secret` or a signed request (`timestamp` + `sig` with the
 * signature secret). Answers 200 with `message-count` and one entry per
 * part, each with a `status` (`0` sent, `2` missing parameter, `3` invalid,
 * `4` bad credentials, `6` unroutable, `14` bad signature, `29` not
 * whitelisted ...). `sendDeliveryReceipt` posts the signed DLR Vonage would.
 *
 * @example
 * const vonage = await new FakeVonageServer().start();
 * // config: { driver: 'vonage', vonage: { apiKey: vonage.apiKey, apiSecret: vonage.apiSecret, from: 'Herald', baseUrl: vonage.url } }
 */
export class FakeVonageServer extends FakeProviderServer {
  readonly apiKey: string;
  readonly apiSecret: string;
  readonly signatureSecret: string;
  readonly signatureMethod: VonageSignatureMethod;
  /** Numbers (digits, no plus) answered with status 6: unroutable. */
  readonly unroutable = new Set<string>();
  /** When not empty, only these numbers are accepted; others get status 29 (a trial account). */
  readonly whitelist = new Set<string>();
  /** Accepted messages by first part id: their fields. */
  private readonly sentById = new Map<string, Record<string, string>>();

  constructor(options: FakeVonageOptions = {}) {
    super();
    this.apiKey = options.apiKey ?? 'abcd1234';
    this.apiSecret = options.apiSecret ?? 'test-api-secret';
    this.signatureSecret = options.signatureSecret ?? 'test-signature-secret';
    this.signatureMethod = options.signatureMethod ?? 'sha256';
  }

  /** Fields of every accepted message, oldest first. */
  get messages(): Array<Record<string, string>> {
    return [...this.sentById.values()];
  }

  /** The ids (first part) of accepted messages, oldest first. */
  get messageIds(): string[] {
    return [...this.sentById.keys()];
  }

  override reset(): void {
    super.reset();
    this.sentById.clear();
    this.unroutable.clear();
    this.whitelist.clear();
  }

  /**
   * Sends the delivery receipt Vonage would for `messageId`: the DLR fields,
   * `timestamp`, `nonce` and `sig` (signed with the signature secret), as a
   * form POST (or JSON) to the message's `callback` or `options.url`.
   * Answers what your app answered.
   */
  sendDeliveryReceipt(
    messageId: string,
    status: VonageReceiptStatus,
    options: VonageReceiptOptions = {},
  ): Promise<CallbackResponse> {
    const message = this.sentById.get(messageId);
    const url = options.url ?? message?.callback;
    if (!url)
      throw new Error(
        `message ${messageId} was not sent with a callback; pass options.url or set vonage.status_callback_url`,
      );
    const now = new Date();
    const fields: Record<string, string> = {
      msisdn: message?.to ?? '447700900000',
      to: message?.from ?? 'Herald',
      'network-code': '23410',
      messageId,
      price: '0.03330000',
      status,
      scts: vonageTime(now).replace(/[- :]/g, '').slice(2, 12),
      'err-code': String(options.errCode ?? (status === 'delivered' ? '0' : '1')),
      'api-key': this.apiKey,
      'message-timestamp': vonageTime(now),
    };
    if (message?.['client-ref']) fields['client-ref'] = message['client-ref'];
    return this.signedPost(url, fields, options);
  }

  /**
   * POSTs any fields to `url` with `timestamp`, `nonce` and `sig` added as
   * Vonage signs webhooks, for payloads the helper above does not build.
   */
  signedPost(
    url: string,
    fields: Record<string, string>,
    options: CallbackTampering & { signWith?: string; timestamp?: number; json?: boolean } = {},
  ): Promise<CallbackResponse> {
    const params: Record<string, string> = {
      ...fields,
      timestamp: String(options.timestamp ?? Math.floor(Date.now() / 1000)),
      nonce: randomBytes(8).toString('hex'),
    };
    if (!options.omitSignature)
      params.sig = vonageSignature(
        options.signWith ?? this.signatureSecret,
        this.signatureMethod,
        params,
      );
    let body = options.json ? JSON.stringify(params) : new URLSearchParams(params).toString();
    if (options.tamperBody) body = options.tamperBody(body);
    return postCallback(url, body, {
      'content-type': options.json ? 'application/json' : 'application/x-www-form-urlencoded',
      'user-agent': 'Vonage-DLR/1.0',
    });
  }

  protected override idempotencyKey(request: ReceivedRequest): string | undefined {
    return this.fields(request)?.['client-ref'];
  }

  protected override errorBody(status: number): unknown {
    return {
      type: `https://developer.vonage.com/api-errors#${status}`,
      title: `injected failure ${status}`,
    };
  }

  protected handle(request: ReceivedRequest): FakeResponse {
    if (request.method !== 'POST' || request.path !== '/sms/json')
      return { status: 404, body: { type: 'NOT_FOUND', title: `No route ${request.path}` } };
    const fields = this.fields(request);
    if (!fields) return answer('2', 'Missing api_key');
    if (fields.api_key !== this.apiKey) return answer('4', 'Bad Credentials');
    if (fields.sig !== undefined) {
      const age = Math.abs(Date.now() / 1000 - Number(fields.timestamp));
      if (
        !(age <= SIGNED_REQUEST_WINDOW) ||
        !verifyVonageSignature([this.signatureSecret], this.signatureMethod, fields)
      )
        return answer('14', 'Invalid Signature');
      if (fields.api_secret !== undefined)
        return answer('32', 'Signature and API secret disallowed');
    } else if (fields.api_secret !== this.apiSecret) return answer('4', 'Bad Credentials');
    for (const name of ['from', 'to', 'text'])
      if (!fields[name]) return answer('2', `Missing ${name} param`);
    if (!/^[1-9]\d{6,14}$/.test(fields.to)) return answer('3', 'Invalid to address');
    if (this.unroutable.has(fields.to)) return answer('6', 'Unroutable message - rejected');
    if (this.whitelist.size > 0 && !this.whitelist.has(fields.to))
      return answer('29', 'Non White-listed Destination - rejected');
    const unicode = fields.type === 'unicode';
    const info = smsSegments(fields.text);
    if (!unicode && info.encoding === 'UCS-2')
      fields.garbled = 'text outside GSM-7 sent without type=unicode';
    const ids = Array.from({ length: info.segments }, () =>
      randomBytes(8).toString('hex').toUpperCase(),
    );
    this.sentById.set(ids[0], fields);
    return {
      status: 200,
      body: {
        'message-count': String(ids.length),
        messages: ids.map((id) => ({
          to: fields.to,
          'message-id': id,
          status: '0',
          'remaining-balance': '3.14159265',
          'message-price': '0.03330000',
          network: '23410',
          ...(fields['client-ref'] ? { 'client-ref': fields['client-ref'] } : {}),
        })),
      },
    };
  }

  /** The request's parameters: form or JSON (values as strings). */
  private fields(request: ReceivedRequest): Record<string, string> | undefined {
    if (request.form) return { ...request.form };
    if (request.json && typeof request.json === 'object' && !Array.isArray(request.json))
      return Object.fromEntries(
        Object.entries(request.json as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
      );
    return undefined;
  }
}

/** A 200 answer with one failed part. */
function answer(status: string, errorText: string): FakeResponse {
  return {
    status: 200,
    body: { 'message-count': '1', messages: [{ status, 'error-text': errorText }] },
  };
}

/** `YYYY-MM-DD HH:MM:SS` in UTC, as in `message-timestamp`. */
function vonageTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}
