import { createHash } from 'node:crypto';
import * as http2 from 'node:http2';
import type { ApnsDriverConfig, PushMessage } from '@herald/contracts';
import { secretRedactor } from '@herald/contracts/internal';
import {
  DeliveryError,
  parseRetryAfter,
  type DeliveryFailureReason,
} from '../../../errors/delivery.error.js';
import {
  parseJsonBody,
  transportError,
  type DeliveryContext,
} from '../../../utils/http-client.util.js';
import type { PushDriverResult, PushProviderDriver } from '../../push-driver.interface.js';
import { RequestDeadlines } from '../../../utils/request-deadlines.util.js';
import { ApnsTokenProvider } from './apns-token.provider.js';

/** APNs `reason` → failure reason (Apple's "Handling notification responses" table). */
const APNS_REASONS: Record<string, DeliveryFailureReason> = {
  Unregistered: 'dead_token',
  BadDeviceToken: 'invalid_recipient',
  DeviceTokenNotForTopic: 'invalid_recipient',
  ExpiredProviderToken: 'auth',
  InvalidProviderToken: 'auth',
  MissingProviderToken: 'auth',
  TooManyProviderTokenUpdates: 'rate_limited',
  TooManyRequests: 'rate_limited',
  PayloadTooLarge: 'payload_too_large',
  InternalServerError: 'provider_unavailable',
  ServiceUnavailable: 'provider_unavailable',
  Shutdown: 'provider_unavailable',
};

interface ApnsAnswer {
  status: number;
  headers: http2.IncomingHttpHeaders;
  body: string;
}

/**
 * APNs over HTTP/2 with token auth: one multiplexed connection reused for
 * every request (reopened after a GOAWAY or an error), one ES256 provider
 * token reused for its lifetime, the `apns-*` headers from the message.
 */
export class ApnsPushDriver implements PushProviderDriver {
  readonly driver = 'apns';
  readonly batchConcurrency = 1000;
  private readonly context: DeliveryContext;
  private readonly tokens: ApnsTokenProvider;
  private readonly origin: string;
  /** Removes the credentials of `base_url` from transport errors. */
  private readonly scrub: (text: string) => string;
  private session?: http2.ClientHttp2Session;
  /** The time limit of each stream, on one timer (see `RequestDeadlines`). */
  private readonly deadlines = new RequestDeadlines();
  /** Connections opened so far (one, unless the server closed it). */
  connectionsOpened = 0;

  constructor(
    backend: string,
    private readonly config: ApnsDriverConfig,
  ) {
    this.context = { channel: 'push', backend, provider: 'APNs' };
    this.tokens = new ApnsTokenProvider(config.teamId, config.keyId, config.privateKey);
    this.origin =
      config.baseUrl ??
      (config.production ? 'https://api.push.apple.com' : 'https://api.sandbox.push.apple.com');
    this.scrub = secretRedactor(this.origin);
  }

  async send(
    message: PushMessage,
    traceHeaders: Record<string, string>,
  ): Promise<PushDriverResult> {
    const body = JSON.stringify(toApnsPayload(message));
    for (let attempt = 0; ; attempt++) {
      const answer = await this.request(message, body, traceHeaders);
      if (answer.status === 200) return { messageId: String(answer.headers['apns-id'] ?? '') };
      const reason = parseJsonBody<{ reason?: string }>(answer.body)?.reason;
      if (reason === 'ExpiredProviderToken' && attempt === 0) {
        this.tokens.invalidate();
        continue;
      }
      const retryAfter = answer.headers['retry-after'];
      throw new DeliveryError(
        `APNs rejected the push on backend "${this.context.backend}" with HTTP ${answer.status}${reason ? ` ${reason}` : ''}`,
        {
          reason:
            (reason ? APNS_REASONS[reason] : undefined) ??
            DeliveryError.reasonForHttpStatus(answer.status),
          channel: 'push',
          backend: this.context.backend,
          statusCode: answer.status,
          providerCode: reason,
          retryAfterMs: parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter),
        },
      );
    }
  }

  close(): void {
    this.deadlines.close();
    this.session?.close();
    this.session = undefined;
  }

  private connect(): http2.ClientHttp2Session {
    if (this.session && !this.session.closed && !this.session.destroyed) return this.session;
    const session = http2.connect(this.origin, this.config.ca ? { ca: this.config.ca } : {});
    this.connectionsOpened++;
    const drop = () => {
      if (this.session === session) this.session = undefined;
    };
    session.on('goaway', drop);
    session.on('close', drop);
    session.on('error', drop);
    this.session = session;
    return session;
  }

  private request(
    message: PushMessage,
    body: string,
    traceHeaders: Record<string, string>,
  ): Promise<ApnsAnswer> {
    return new Promise((resolve, reject) => {
      let stream: http2.ClientHttp2Stream;
      try {
        // one object built key by key: on Node 20 spreading the trace and apns
        // headers into a literal with more keys makes a slow object that
        // http2 then walks on every request
        const headers = apnsHeaders(message, this.config.bundleId);
        headers[':method'] = 'POST';
        headers[':path'] = `/3/device/${encodeURIComponent(message.token)}`;
        headers.authorization = `bearer ${this.tokens.token()}`;
        headers['content-type'] = 'application/json';
        headers['content-length'] = String(Buffer.byteLength(body));
        for (const name in traceHeaders) headers[name] = traceHeaders[name];
        stream = this.connect().request(headers);
      } catch (error) {
        this.session = undefined;
        reject(transportError(this.context, error, this.scrub));
        return;
      }
      const timeoutMs = this.config.timeout * 1000;
      // a timed-out stream is cancelled; its 'close' handler raises the timeout error
      const deadline = this.deadlines.add(timeoutMs, () =>
        stream.close(http2.constants.NGHTTP2_CANCEL),
      );
      let headers: http2.IncomingHttpHeaders = {};
      const chunks: Buffer[] = [];
      stream.on('response', (h) => (headers = h));
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', (error) => reject(transportError(this.context, error, this.scrub)));
      stream.on('close', () => {
        this.deadlines.clear(deadline);
        const status = Number(headers[':status'] ?? 0);
        if (status > 0) resolve({ status, headers, body: Buffer.concat(chunks).toString('utf8') });
        else
          reject(
            new DeliveryError(
              `APNs did not answer within ${timeoutMs} ms (backend "${this.context.backend}")`,
              {
                reason:
                  stream.rstCode === http2.constants.NGHTTP2_CANCEL ? 'timeout' : 'connection',
                channel: 'push',
                backend: this.context.backend,
              },
            ),
          );
      });
      stream.end(body);
    });
  }
}

/** The `apns-*` request headers of a message. */
export function apnsHeaders(message: PushMessage, bundleId: string): Record<string, string> {
  const background = message.title === undefined && message.body === undefined;
  const headers: Record<string, string> = {
    'apns-topic': bundleId,
    'apns-push-type': background ? 'background' : 'alert',
    'apns-priority': background || message.priority === 'normal' ? '5' : '10',
    'apns-expiration':
      message.ttlSeconds === undefined
        ? '0'
        : String(Math.floor(Date.now() / 1000) + message.ttlSeconds),
  };
  if (message.collapseKey) headers['apns-collapse-id'] = message.collapseKey;
  if (message.idempotencyKey) headers['apns-id'] = uuidFrom(message.idempotencyKey);
  return headers;
}

/** The JSON payload: `aps` (alert, badge, sound; content-available for background) plus the data keys. */
export function toApnsPayload(message: PushMessage): Record<string, unknown> {
  const aps: Record<string, unknown> = {};
  if (message.title !== undefined || message.body !== undefined)
    aps.alert = { title: message.title, body: message.body };
  else aps['content-available'] = 1;
  if (message.badge !== undefined) aps.badge = message.badge;
  if (message.sound) aps.sound = message.sound;
  return { ...message.data, aps };
}

/** A stable UUID for an idempotency key, as `apns-id` requires the UUID form. */
function uuidFrom(key: string): string {
  const h = createHash('sha256').update(key).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`.toUpperCase();
}
