import {
  Catch,
  Inject,
  Injectable,
  Logger,
  Optional,
  ServiceUnavailableException,
  type ArgumentsHost,
  type ExceptionFilter,
} from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { RateLimitedLogger } from '@herald/contracts';
import { dependencyOutageOf } from './dependency-outage.util.js';

/** Options of `ServiceUnavailableFilter` (provide them under `SERVICE_UNAVAILABLE_FILTER_OPTIONS`). */
export interface ServiceUnavailableFilterOptions {
  /** The `Retry-After` header, in seconds. @default 5 */
  retryAfterSeconds?: number;
  /** The filter other errors go to; Nest's default handler when absent. */
  delegate?: ExceptionFilter;
}

/** Token of the `ServiceUnavailableFilter` options. */
export const SERVICE_UNAVAILABLE_FILTER_OPTIONS = Symbol.for(
  'HERALD:SERVICE_UNAVAILABLE_FILTER_OPTIONS',
);

/**
 * A catch-all exception filter that answers a request failed by an outage
 * of what it needs (the database unreachable, its connections cut, the pool
 * timing out: see `dependencyOutageOf`) with `503 Service Unavailable` and
 * `Retry-After`, instead of a 500. The body names the kind of failure, never
 * the error text (which may hold host names or users); the log gets one WARN
 * line per kind a minute with the count of those dropped. Every other error
 * goes to the `delegate`, or to Nest's default handler.
 *
 * @example providers: [{ provide: APP_FILTER, useClass: ServiceUnavailableFilter }]
 * @example // behind error tracking: ErrorTrackingFilter hands exceptions on to it
 * providers: [{ provide: APP_FILTER, useClass: ErrorTrackingFilter },
 *   { provide: ERROR_TRACKING_DELEGATE_FILTER, useClass: ServiceUnavailableFilter }]
 */
@Catch()
@Injectable()
export class ServiceUnavailableFilter extends BaseExceptionFilter {
  private readonly retryAfter: string;
  private readonly delegate?: ExceptionFilter;
  private readonly warnings = new RateLimitedLogger(new Logger('HeraldOutage'));

  constructor(
    @Optional()
    @Inject(SERVICE_UNAVAILABLE_FILTER_OPTIONS)
    options: ServiceUnavailableFilterOptions = {},
  ) {
    super();
    const seconds = options.retryAfterSeconds ?? 5;
    this.retryAfter = String(Number.isInteger(seconds) && seconds >= 0 ? seconds : 5);
    this.delegate = options.delegate;
  }

  override catch(exception: unknown, host: ArgumentsHost): unknown {
    const outage = host.getType() === 'http' ? dependencyOutageOf(exception) : undefined;
    if (!outage) return this.pass(exception, host);
    const http = host.switchToHttp();
    const response = http.getResponse<{
      headersSent?: boolean;
      setHeader?: (name: string, value: string) => unknown;
    }>();
    if (response.headersSent || typeof response.setHeader !== 'function')
      return this.pass(exception, host);
    response.setHeader('Retry-After', this.retryAfter);
    const request = http.getRequest<{ method?: string; url?: string }>();
    const path = (request.url ?? '').split('?')[0];
    this.warnings.warn(
      outage.reason,
      `answered 503 to ${request.method ?? 'a request'} ${path}: ${outage.reason}`,
    );
    return super.catch(
      new ServiceUnavailableException(
        `a service this request needs is unavailable (${outage.reason}); retry after ${this.retryAfter} s`,
      ),
      host,
    );
  }

  private pass(exception: unknown, host: ArgumentsHost): unknown {
    if (this.delegate) return this.delegate.catch(exception, host);
    return super.catch(exception, host);
  }
}
