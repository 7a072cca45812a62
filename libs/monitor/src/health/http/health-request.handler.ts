import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  HealthStatus,
  type HealthCheckRegistryProtocol,
  type HealthCheckResultLike,
} from '@herald/contracts';
import { HeraldValueError } from '../../errors/herald-value.error.js';
import { aggregateStatus, httpStatusFor } from '../aggregate-status.util.js';
import { HealthCheckRunner } from '../health-check-runner.js';
import { HealthCheckerRegistry } from '../health-checker-registry.js';
import { createBearerCheck } from '../../utils/bearer-auth.util.js';
import { healthResponseJson } from './health-response.util.js';

type Summary = [HealthStatus, Record<string, HealthCheckResultLike>];

/** A runner, a `HealthCheckerRegistry` (its default runner answers) or any `HEALTH_CHECK_REGISTRY`. */
export type HealthSource = HealthCheckRunner | HealthCheckerRegistry | HealthCheckRegistryProtocol;

/** Options of `createHealthMiddleware()` and `attachHealthProbes()`. */
export interface HealthMiddlewareOptions {
  /** What answers: a `HealthCheckRunner` or a health-check registry. */
  checker?: HealthSource;
  /** Same as `checker`, for readers who hold a registry. */
  registry?: HealthSource;
  /** @default '/health' */
  path?: string;
  /** When set, requests need `Authorization: Bearer <authToken>` (compared in constant time), else 401. */
  authToken?: string;
  /** Put per-check results under `checks`. @default true */
  includeDetails?: boolean;
  /** Also answer `<path>/live`, `<path>/ready`, `<path>/startup`. @default false (true in attachHealthProbes) */
  probes?: boolean;
}

const NO_STORE = 'no-store';
const UNAUTHORIZED = JSON.stringify({ error: 'unauthorized' });

/**
 * Answers health requests on plain `node:http` objects. `handle()` returns
 * false for a path it does not serve, so callers can pass the request on.
 */
export class HealthRequestHandler {
  private readonly path: string;
  private readonly includeDetails: boolean;
  private readonly probes: boolean;
  /** The shared bearer check, when `authToken` is set. */
  private readonly authorized?: (header: unknown) => boolean;
  private readonly source: HealthCheckRunner | HealthCheckRegistryProtocol;

  constructor(options: HealthMiddlewareOptions) {
    const source = options.checker ?? options.registry;
    if (!source) {
      throw new HeraldValueError(
        `createHealthMiddleware() needs { checker } (a HealthCheckRunner, a HealthCheckerRegistry or a HEALTH_CHECK_REGISTRY binding); got ${String(source)}.`,
      );
    }
    this.source = source instanceof HealthCheckerRegistry ? source.getOrCreate() : source;
    this.path = (options.path ?? '/health').replace(/\/+$/, '') || '/';
    this.includeDetails = options.includeDetails ?? true;
    this.probes = options.probes ?? false;
    if (options.authToken) this.authorized = createBearerCheck(options.authToken);
  }

  /** Serves the request when its path is ours and returns true; returns false otherwise. */
  handle(req: IncomingMessage, res: ServerResponse): boolean {
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    let run: () => Promise<Summary>;
    if (pathname === this.path) run = () => this.overall();
    else if (this.probes && pathname.startsWith(this.path) && pathname[this.path.length] === '/') {
      const probe = pathname.slice(this.path.length + 1);
      if (probe === 'live') run = () => this.source.runLiveness();
      else if (probe === 'ready') run = () => this.source.runReadiness();
      else if (probe === 'startup') run = () => this.source.runStartup();
      else return false;
    } else return false;

    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'cache-control': NO_STORE }).end();
      return true;
    }
    if (this.authorized && !this.authorized(req.headers.authorization)) {
      this.send(res, req, 401, UNAUTHORIZED, { 'www-authenticate': 'Bearer realm="health"' });
      return true;
    }
    run().then(
      ([status, checks]) => this.send(res, req, httpStatusFor(status), this.body(status, checks)),
      () => this.send(res, req, 503, this.body(HealthStatus.UNHEALTHY, {})),
    );
    return true;
  }

  private overall(): Promise<Summary> {
    const s = this.source;
    if (s instanceof HealthCheckRunner) return s.runAllWithSummary();
    return s.runAll().then((results) => [aggregateStatus(results), results]);
  }

  private body(status: HealthStatus, checks: Record<string, HealthCheckResultLike>): string {
    return healthResponseJson(status, checks, this.includeDetails);
  }

  private send(
    res: ServerResponse,
    req: IncomingMessage,
    code: number,
    json: string,
    extra?: Record<string, string>,
  ): void {
    res.writeHead(code, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(json),
      'cache-control': NO_STORE,
      ...extra,
    });
    res.end(req.method === 'HEAD' ? undefined : json);
  }
}
