import type { IncomingMessage, ServerResponse } from 'node:http';
import { performance } from 'node:perf_hooks';
import type { MetricsCollectorProtocol } from '@herald/contracts';
import { HERALD_METRIC_HELP } from '@herald/contracts/internal';
import { MetricsCollector } from '../collector/metrics-collector.js';

/** Options of `createHttpMetricsMiddleware`. */
export interface HttpMetricsOptions {
  /** Where the request metrics are recorded. @default a new `MetricsCollector` */
  collector?: MetricsCollectorProtocol;
  /** Duration buckets in seconds. @default the collector's default buckets */
  buckets?: number[];
  /** Paths not measured (e.g. the scrape path itself). @default [] */
  ignorePaths?: string[];
  /** Route label of requests that matched no route. @default 'unmatched' */
  unmatchedRoute?: string;
}

/** Names of the request metrics (before the collector's prefix). */
export const HTTP_METRIC_NAMES = {
  requests: 'http_requests_total',
  duration: 'http_request_duration_seconds',
  active: 'http_requests_active',
} as const;

type Req = IncomingMessage & {
  route?: { path?: string; methods?: Record<string, boolean> };
  baseUrl?: string;
  originalUrl?: string;
  routeOptions?: { url?: string };
  routerPath?: string;
};

/** A catch-all route for every method (`{*path}`): what Nest middleware registers, not a handler. */
function isCatchAll(route: NonNullable<Req['route']>): boolean {
  if (!/\*/.test(String(route.path))) return false;
  // Express 4 marks `all()` with `_all`; Express 5 lists every method.
  return route.methods?._all === true || Object.keys(route.methods ?? {}).length >= 7;
}

/**
 * The route template of a finished request (`/users/:id`), never the raw path:
 * raw paths would make one series per id, an unbounded memory leak.
 */
export function routeTemplateOf(
  req: Req,
  unmatched = 'unmatched',
  ownRoute?: Req['route'],
): string {
  if (req.route !== ownRoute && typeof req.route?.path === 'string' && !isCatchAll(req.route)) {
    return `${req.baseUrl ?? ''}${req.route.path}` || '/';
  }
  if (req.route !== undefined && (req.route === ownRoute || isCatchAll(req.route)))
    return unmatched;
  return req.routeOptions?.url ?? req.routerPath ?? unmatched;
}

/**
 * HTTP request metrics: `http_requests_total` (method,
 * route, status), `http_request_duration_seconds` (same labels) and
 * `http_requests_active` (method), recorded through a
 * `MetricsCollectorProtocol`, so it works without prom-client and with the
 * no-op collector. The route label is the matched route template.
 *
 * @example app.use(createHttpMetricsMiddleware({ collector, ignorePaths: ['/metrics'] }))
 */
export function createHttpMetricsMiddleware(
  options: HttpMetricsOptions = {},
): (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void {
  const collector = options.collector ?? new MetricsCollector();
  const requests = collector.createCounter(
    HTTP_METRIC_NAMES.requests,
    HERALD_METRIC_HELP[HTTP_METRIC_NAMES.requests],
  );
  const duration = collector.createHistogram(
    HTTP_METRIC_NAMES.duration,
    HERALD_METRIC_HELP[HTTP_METRIC_NAMES.duration],
    undefined,
    options.buckets,
  );
  // In a cluster the primary sums in-flight requests over the workers; a
  // collector other than Herald's own ignores the options argument.
  const active = (collector as Pick<MetricsCollector, 'createGauge'>).createGauge(
    HTTP_METRIC_NAMES.active,
    HERALD_METRIC_HELP[HTTP_METRIC_NAMES.active],
    undefined,
    { aggregation: 'sum' },
  );
  const ignore = new Set(options.ignorePaths ?? []);
  const unmatched = options.unmatchedRoute ?? 'unmatched';
  return (req, res, next) => {
    const path = ((req as Req).originalUrl ?? req.url ?? '/').split('?', 1)[0];
    if (ignore.has(path)) return next();
    const method = req.method ?? 'GET';
    const start = performance.now();
    const activeLabels = { method };
    // Mounted as Nest middleware on a wildcard, the middleware's own route is
    // req.route until a handler matches: it must not pass for a template.
    const ownRoute = (req as Req).route;
    active.increment(1, activeLabels);
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      active.decrement(1, activeLabels);
      const labels = {
        method,
        route: routeTemplateOf(req as Req, unmatched, ownRoute),
        status: String(res.statusCode),
      };
      requests.increment(1, labels);
      duration.observe((performance.now() - start) / 1000, labels);
    };
    res.once('finish', finish);
    res.once('close', finish);
    next();
  };
}
