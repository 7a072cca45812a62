import * as http from 'node:http';
import * as https from 'node:https';
import { urlToHttpOptions } from 'node:url';
import { describeUrl, secretRedactor } from '@herald/contracts/internal';
import {
  DeliveryError,
  parseRetryAfter,
  type DeliveryFailureReason,
} from '../errors/delivery.error.js';
import { RequestDeadlines, type RequestDeadline } from './request-deadlines.util.js';

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

/** What `request` needs of a URL, worked out once per URL. */
interface Target {
  secure: boolean;
  options: http.RequestOptions;
}

/** How many distinct URLs a client keeps worked out (drivers call a handful). */
const TARGET_CACHE = 64;

/**
 * A tiny keep-alive HTTP(S) client for the REST drivers. Transport failures
 * (refused, reset, DNS, timeout) reject with a transient `DeliveryError`; any
 * HTTP status resolves, and the driver maps it with `httpDeliveryError`.
 * `timeoutMs` limits the whole exchange (one shared timer, see
 * `RequestDeadlines`); a URL is parsed once, and its credentials are worked
 * out only when an error has to be scrubbed of them.
 */
export class HttpClient {
  private readonly httpAgent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  private readonly httpsAgent = new https.Agent({ keepAlive: true, maxSockets: 64 });
  private readonly targets = new Map<string, Target>();
  private readonly deadlines = new RequestDeadlines();

  constructor(private readonly context: DeliveryContext) {}

  request(url: string, options: HttpRequestOptions): Promise<HttpResponse> {
    const target = this.targets.get(url) ?? this.parse(url);
    if (!target) {
      // Node's TypeError carries the whole URL as `input`: it is not passed on
      return Promise.reject(
        new DeliveryError(
          `${this.context.provider} URL of backend "${this.context.backend}" is not an http(s) URL (got ${describeUrl(url)}); check its base_url`,
          { reason: 'bad_request', channel: this.context.channel, backend: this.context.backend },
        ),
      );
    }
    const send = target.secure ? https.request : http.request;
    return new Promise((resolve, reject) => {
      let deadline: RequestDeadline | undefined;
      const settled = () => {
        if (deadline) this.deadlines.clear(deadline);
      };
      const fail = (error: unknown) => {
        settled();
        reject(transportError(this.context, error, (text) => secretRedactor(url)(text)));
      };
      const req = send(
        // not `{ ...target.options, method, headers }`: on Node 20 a spread followed by new keys is slow
        Object.assign({}, target.options, {
          method: options.method ?? 'GET',
          headers: options.headers,
        }),
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('error', fail);
          res.on('end', () => {
            settled();
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              body: Buffer.concat(chunks).toString('utf8'),
            });
          });
        },
      );
      // like Node's `timeout` option, 0 (or none) means no limit
      if (options.timeoutMs > 0)
        deadline = this.deadlines.add(options.timeoutMs, () =>
          req.destroy(
            new DeliveryError(
              `${this.context.provider} did not answer within ${options.timeoutMs} ms (backend "${this.context.backend}")`,
              { reason: 'timeout', channel: this.context.channel, backend: this.context.backend },
            ),
          ),
        );
      req.on('error', fail);
      req.end(options.body);
    });
  }

  /** Closes idle keep-alive sockets. */
  close(): void {
    this.deadlines.close();
    this.httpAgent.destroy();
    this.httpsAgent.destroy();
  }

  /** The request options of an http(s) URL, or `undefined` for anything else. */
  private parse(url: string): Target | undefined {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      return undefined;
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
    const secure = parsed.protocol === 'https:';
    const target: Target = {
      secure,
      options: { ...urlToHttpOptions(parsed), agent: secure ? this.httpsAgent : this.httpAgent },
    };
    if (this.targets.size >= TARGET_CACHE) this.targets.clear();
    this.targets.set(url, target);
    return target;
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
