import { Logger } from '@nestjs/common';
import { describeUrl } from '@herald/contracts/internal';
import { ExportError } from '../../errors/export.error.js';
import { HeraldValueError } from '../../errors/herald-value.error.js';
import { PROMETHEUS_CONTENT_TYPE } from '../exposition/render-exposition.js';
import type { ScrapeSource } from '../exposition/scrape-source.js';

/** Options of `MetricsPushgateway`. */
export interface MetricsPushgatewayOptions {
  /** Base URL of the Pushgateway, e.g. `http://pushgateway:9091`. */
  url: string;
  source: ScrapeSource;
  /** Grouping key `job`. @default 'herald' */
  job?: string;
  /** Extra grouping labels (`/instance/web-1`). */
  groupings?: Record<string, string>;
  /** Milliseconds between pushes (`ScrapeConfig.push_interval` × 1000). @default 15000 */
  intervalMs?: number;
  /** Milliseconds before one push is abandoned. @default 10000 */
  timeoutMs?: number;
  logger?: Pick<Logger, 'warn'>;
}

/**
 * Pushes the exposition to a Prometheus Pushgateway every `intervalMs`
 * (HTTP PUT, replacing the group), for batch jobs Prometheus cannot scrape.
 * Credentials in the URL (`https://user:pass@gateway:9091`) are sent as
 * HTTP Basic authentication, never as part of the request URL.
 *
 * @throws HeraldValueError when `url` is not an absolute http(s) URL.
 */
export class MetricsPushgateway {
  private timer: NodeJS.Timeout | undefined;
  private readonly target: string;
  private readonly headers: Record<string, string> = { 'Content-Type': PROMETHEUS_CONTENT_TYPE };
  private readonly logger: Pick<Logger, 'warn'>;

  constructor(private readonly options: MetricsPushgatewayOptions) {
    let url: URL | undefined;
    try {
      // WHATWG URL accepts a list (stringified) and spaces in the userinfo: both are typos here
      url =
        typeof options.url === 'string' && !/\s/.test(options.url)
          ? new URL(options.url)
          : undefined;
    } catch {
      url = undefined;
    }
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
      throw new HeraldValueError(
        `Invalid Pushgateway URL ${describeUrl(options.url)}: use an absolute http:// or https:// URL such as http://pushgateway:9091.`,
      );
    }
    if (url.username || url.password) {
      const user = decodeURIComponent(url.username);
      const password = decodeURIComponent(url.password);
      this.headers.Authorization = `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`;
      url.username = '';
      url.password = '';
    }
    const base = url.href.replace(/\/+$/, '');
    const groups = Object.entries(options.groupings ?? {})
      .map(([k, v]) => `/${encodeURIComponent(k)}/${encodeURIComponent(v)}`)
      .join('');
    this.target = `${base}/metrics/job/${encodeURIComponent(options.job ?? 'herald')}${groups}`;
    this.logger = options.logger ?? new Logger('MetricsPushgateway');
  }

  /** Pushes once now; resolves with the HTTP status, rejects on a network error or with an `ExportError` on a non-2xx answer. */
  async push(): Promise<number> {
    const body = await this.options.source.metrics('prometheus');
    const response = await fetch(this.target, {
      method: 'PUT',
      headers: this.headers,
      body,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    await response.arrayBuffer();
    if (!response.ok) {
      throw new ExportError(
        `Pushgateway ${this.target} refused the push: it answered ${response.status}${response.statusText ? ` ${response.statusText}` : ''}; check prometheus.pushgateway_url and the gateway's logs.`,
        { status: response.status },
      );
    }
    return response.status;
  }

  /** Starts pushing every `intervalMs` (the timer does not keep the process alive). */
  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.push().catch((error: unknown) =>
        this.logger.warn(`metrics push failed: ${(error as Error)?.message ?? String(error)}`),
      );
    }, this.options.intervalMs ?? 15_000);
    this.timer.unref();
  }

  /** Stops the timer and pushes what is left once (errors are logged, not thrown). */
  async stop(): Promise<void> {
    if (!this.timer) return;
    clearInterval(this.timer);
    this.timer = undefined;
    await this.push().catch((error: unknown) =>
      this.logger.warn(`final metrics push failed: ${(error as Error)?.message ?? String(error)}`),
    );
  }
}
