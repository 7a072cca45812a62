import type { IncomingMessage, ServerResponse } from 'node:http';
import type { MetricsCollectorProtocol } from '@herald/contracts';
import type { PromRegistryLike } from '../exposition/prom-client-source.js';
import { negotiateFormat } from '../exposition/render-exposition.js';
import {
  contentTypeOf,
  createScrapeSource,
  type ScrapeSource,
} from '../exposition/scrape-source.js';
import { createBearerCheck } from '../../utils/bearer-auth.util.js';

/** Options of `createMetricsMiddleware`. */
export interface MetricsMiddlewareOptions {
  /** What to serve; built from `collector` and `registry` when omitted. */
  source?: ScrapeSource;
  collector?: MetricsCollectorProtocol;
  /** A prom-client registry whose metrics are served too (e.g. runtime metrics). */
  registry?: PromRegistryLike;
  /** @default '/metrics' */
  path?: string;
  /** When set, requests need `Authorization: Bearer <authToken>` (401 otherwise). */
  authToken?: string;
}

export type NodeHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (err?: unknown) => void,
) => void;

/**
 * The scrape endpoint as a `(req, res, next)` handler, for Express, Nest
 * middleware or a bare `node:http` server. It answers `GET`/`HEAD` on its own
 * path with the Prometheus text format (0.0.4), or OpenMetrics when the
 * `Accept` header asks for it; other requests go to `next()` (404 without it).
 *
 * @example app.use(createMetricsMiddleware({ collector, authToken: process.env.METRICS_TOKEN }))
 */
export function createMetricsMiddleware(options: MetricsMiddlewareOptions = {}): NodeHandler {
  const path = options.path ?? '/metrics';
  const source = options.source ?? createScrapeSource(options);
  const authorized = createBearerCheck(options.authToken);
  return (req, res, next) => {
    const url = (req as { originalUrl?: string }).originalUrl ?? req.url ?? '/';
    const pathname = url.split('?', 1)[0];
    if (pathname !== path || (req.method !== 'GET' && req.method !== 'HEAD')) {
      if (next) return next();
      res.statusCode = 404;
      res.end('Not Found');
      return;
    }
    serveScrape(source, authorized, req, res);
  };
}

/** Answers one scrape request (auth, content negotiation, body). */
export function serveScrape(
  source: ScrapeSource,
  authorized: (header: unknown) => boolean,
  req: IncomingMessage,
  res: ServerResponse,
): void {
  if (!authorized(req.headers.authorization)) {
    res.statusCode = 401;
    res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
    res.setHeader('Content-Type', 'text/plain; charset=utf-8');
    res.end('Unauthorized: send "Authorization: Bearer <token>"\n');
    return;
  }
  const format = negotiateFormat(req.headers.accept);
  source.metrics(format).then(
    (body) => {
      res.statusCode = 200;
      res.setHeader('Content-Type', contentTypeOf(format));
      res.end(req.method === 'HEAD' ? undefined : body);
    },
    (error: unknown) => {
      res.statusCode = 500;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end(`metrics collection failed: ${(error as Error)?.message ?? String(error)}\n`);
    },
  );
}
