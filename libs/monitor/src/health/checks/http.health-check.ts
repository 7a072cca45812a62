import { redactUrlCredentials } from '@herald/contracts/internal';
import { BaseHealthCheck } from '../base-health-check.js';

/** Options of `HttpHealthCheck`. */
export interface HttpHealthCheckOptions {
  /** @default 'http' */
  name?: string;
  /** @default 'GET' */
  method?: string;
  /** Status codes counted as up. @default any 2xx or 3xx */
  expectedStatus?: number | number[];
  headers?: Record<string, string>;
  /** @default true */
  critical?: boolean;
  /** @default 3000 */
  timeoutMs?: number;
}

/**
 * Pings a URL with `fetch`: up when the response status is the expected one.
 * The URL's credentials never appear in results.
 *
 * @example runner.add('payments', new HttpHealthCheck('https://payments.internal/health'))
 */
export class HttpHealthCheck extends BaseHealthCheck {
  constructor(
    private readonly url: string,
    private readonly options: HttpHealthCheckOptions = {},
  ) {
    super(options.name ?? 'http', options.critical ?? true);
    this.timeoutMs = options.timeoutMs ?? 3000;
  }

  protected async probe(): Promise<unknown> {
    const target = new URL(this.url);
    const headers: Record<string, string> = { ...this.options.headers };
    if (target.username || target.password) {
      // fetch refuses URLs with credentials: send them as Basic auth instead
      const user = decodeURIComponent(target.username);
      const pass = decodeURIComponent(target.password);
      headers.authorization ??= `Basic ${Buffer.from(`${user}:${pass}`).toString('base64')}`;
      target.username = '';
      target.password = '';
    }
    const response = await fetch(target, {
      method: this.options.method ?? 'GET',
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(this.timeoutMs!),
    });
    await response.body?.cancel();
    const expected = this.options.expectedStatus;
    const ok =
      expected === undefined
        ? response.status >= 200 && response.status < 400
        : ([] as number[]).concat(expected).includes(response.status);
    const url = redactUrlCredentials(this.url);
    return ok
      ? { url, statusCode: response.status }
      : {
          healthy: false,
          message: `${url} answered ${response.status}`,
          url,
          statusCode: response.status,
        };
  }
}
