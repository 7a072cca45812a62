import * as http from 'node:http';
import * as https from 'node:https';
import { describeUrl, secretRedactor } from '@herald/contracts/internal';
import {
  DeliveryError,
  parseRetryAfter,
  type DeliveryFailureReason,
} from '../errors/delivery.error.js';

export interface HttpResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface HttpRequestOptions {
  method?: string;
  headers?: Record<string, string | number>;
  body?: string | Buffer;
  timeoutMs: number;
}

/** Who is calling, so transport failures become a `DeliveryError` that names the backend. */
export interface DeliveryContext {
  channel: 'sms' | 'push' | 'mail' | 'chat' | (string & {});
  backend: string;
  provider: string;
}

/**
 * A tiny keep-alive HTTP(S) client for the REST drivers. Transport failures
 * (refused, reset, DNS, timeout) reject with a transient `DeliveryError`; any
 * HTTP status resolves, and the driver maps it with `httpDeliveryError`.
 */
export class HttpClient {
  private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  private readonly httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 64 });

  constructor(private readonly context: DeliveryContext) {}

  request(url: string, options: HttpRequestOptions): Promise<HttpResponse> {
    let target: URL;
    try {
      target = new URL(url);
      if (target.protocol !== 'http:' && target.protocol !== 'https:') throw new Error();
    } catch {
      // Node's TypeError carries the whole URL as `input`: it is not passed on
      return Promise.reject(
        new DeliveryError(
          `${this.context.provider} URL of backend "${this.context.backend}" is not an http(s) URL (got ${describeUrl(url)}); check its base_url`,
          { reason: 'bad_request', channel: this.context.channel, backend: this.context.backend },
        ),
      );
    }
    const scrub = secretRedactor(url);
    const secure = target.protocol === 'https:';
    const send = secure ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const req = send(
        target,
        {
          method: options.method ?? 'GET',
          headers: options.headers,
          agent: secure ? this.httpsAgent : this.httpAgent,
          timeout: options.timeoutMs,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', (e) => reject(transportError(this.context, e, scrub)));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          );
        },
      );
      req.on('timeout', () => {
        req.destroy(
          new DeliveryError(
            `${this.context.provider} did not answer within ${options.timeoutMs} ms (backend "${this.context.backend}")`,
            { reason: 'timeout', channel: this.context.channel, backend: this.context.backend },
          ),
        );
      });
      req.on('error', (e) => reject(transportError(this.context, e, scrub)));
      req.end(options.body);
    });
  }

  /** Closes idle keep-alive sockets. */
  close(): void {
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }
}

/**
 * A socket-level failure as a transient `DeliveryError` (already-mapped errors
 * pass through); `scrub` removes the request URL's credentials from the text.
 */
export function transportError(
  context: DeliveryContext,
  error: unknown,
  scrub: (text: string) => string = (text) => text,
): DeliveryError {
  if (error instanceof DeliveryError) return error;
  const code = (error as NodeJS.ErrnoException)?.code;
  const timeout = code === 'ETIMEDOUT' || code === 'ESOCKETTIMEDOUT';
  return new DeliveryError(
    `${context.provider} request failed for backend "${context.backend}": ${scrub((error as Error)?.message ?? String(error))}${code ? ` (${code})` : ''}`,
    {
      reason: timeout ? 'timeout' : 'connection',
      channel: context.channel,
      backend: context.backend,
      providerCode: code,
      // Node's URL errors carry the whole URL as `input`: such a cause is not kept
      cause: (error as { input?: unknown })?.input === undefined ? error : undefined,
    },
  );
}

/**
 * Maps a non-2xx answer to a `DeliveryError`: the reason from the status unless
 * the driver knows better, `Retry-After` carried as `retryAfterMs`.
 */
export function httpDeliveryError(
  context: DeliveryContext,
  response: Pick<HttpResponse, 'status' | 'headers'>,
  detail: { message?: string; providerCode?: string; reason?: DeliveryFailureReason } = {},
): DeliveryError {
  const retryAfter = response.headers['retry-after'];
  const reason = detail.reason ?? DeliveryError.reasonForHttpStatus(response.status);
  return new DeliveryError(
    `${context.provider} rejected the ${context.channel} on backend "${context.backend}" with HTTP ${response.status}` +
      `${detail.providerCode ? ` ${detail.providerCode}` : ''}${detail.message ? `: ${detail.message}` : ''}`,
    {
      reason,
      channel: context.channel,
      backend: context.backend,
      statusCode: response.status,
      providerCode: detail.providerCode,
      retryAfterMs: parseRetryAfter(Array.isArray(retryAfter) ? retryAfter[0] : retryAfter),
    },
  );
}

/** Parses a JSON body, or `undefined` when it is not JSON. */
export function parseJsonBody<T = any>(body: string): T | undefined {
  try {
    return JSON.parse(body) as T;
  } catch {
    return undefined;
  }
}
