import { createRequire } from 'node:module';
import { Inject, Injectable, Optional, type NestMiddleware } from '@nestjs/common';
import {
  METRICS_COLLECTOR,
  TRACER,
  type MetricsCollectorProtocol,
  type TracerProtocol,
} from '@herald/contracts';
import type { HttpTracingOptions, TracedRequest, TracedResponse } from './server-span.util.js';

type ServerSpanApi = typeof import('./server-span.util.js');
let api: ServerSpanApi | null | undefined;
// The span helpers load OpenTelemetry, an optional peer: they are required on first use only.
const localRequire = createRequire(import.meta.url);

/** The span helpers, or `null` when OpenTelemetry cannot be loaded: requests then pass untouched. */
function loadApi(): ServerSpanApi | null {
  if (api !== undefined) return api;
  try {
    api = localRequire('./server-span.util.js') as ServerSpanApi;
  } catch {
    api = null;
  }
  return api;
}

/**
 * Express/Node middleware: one SERVER span per request (child of the incoming
 * `traceparent`, else a new trace), named by the route template once Express
 * has matched it (`GET /orders/:id`), with the status code, ERROR status on
 * 5xx, and `http_server_requests_total` / `http_server_request_duration_seconds`
 * metrics. The rest of the request runs with the span current. When the
 * OpenTelemetry packages cannot be loaded it does nothing, silently.
 *
 * @example app.use(createTracingMiddleware({ tracer, metrics }))
 */
export function createTracingMiddleware(options: HttpTracingOptions = {}) {
  const spans = loadApi();
  return function heraldTracing(
    req: TracedRequest,
    res: TracedResponse,
    next: (err?: unknown) => void,
  ): void {
    // A span already started for this request (the middleware mounted twice): keep that one.
    if (!spans || req[spans.HTTP_SPAN]) return next();
    let state;
    try {
      state = spans.startServerSpan(req, options);
      spans.endOnResponse(state, req, res, options.metrics);
    } catch {
      return next();
    }
    spans.runInServerSpan(state, () => next());
  };
}

/**
 * The same middleware as a Nest class, with `TRACER` and `METRICS_COLLECTOR`
 * injected: `consumer.apply(TracingMiddleware).forRoutes('*')`. Pair it with
 * `TracingInterceptor` so the handler itself runs inside the span even after
 * body parsing.
 */
@Injectable()
export class TracingMiddleware implements NestMiddleware {
  private readonly handler: ReturnType<typeof createTracingMiddleware>;

  constructor(
    @Optional() @Inject(TRACER) tracer?: TracerProtocol,
    @Optional() @Inject(METRICS_COLLECTOR) metrics?: MetricsCollectorProtocol,
  ) {
    this.handler = createTracingMiddleware({ tracer, metrics });
  }

  use(req: TracedRequest, res: TracedResponse, next: (err?: unknown) => void): void {
    this.handler(req, res, next);
  }
}
