import { context as otelContext, type Context } from '@opentelemetry/api';
import type { MetricsCollectorProtocol, SpanProtocol, TracerProtocol } from '@herald/contracts';
import { resolveTracer } from '../default-tracer.util.js';
import { failSpan } from '../run-in-span.util.js';

/** Where the request's SERVER span is kept on the request object (middleware → interceptor). */
export const HTTP_SPAN = Symbol.for('herald.http.span');

/** The parts of a Node/Express request this code reads. */
export interface TracedRequest {
  method?: string;
  url?: string;
  originalUrl?: string;
  baseUrl?: string;
  headers: Record<string, string | string[] | undefined>;
  route?: { path?: unknown };
  [HTTP_SPAN]?: ServerSpanState;
}

/** The parts of a Node response this code reads. */
export interface TracedResponse {
  statusCode: number;
  once(event: 'finish' | 'close', listener: () => void): unknown;
}

/** One request's span and what is needed to close it. */
export interface ServerSpanState {
  span: SpanProtocol;
  tracer: TracerProtocol;
  method: string;
  started: number;
  /** Route template, once known (`/orders/:id`). */
  route?: string;
  ended: boolean;
  /**
   * Set by the first `TracingInterceptor` that runs the request, so a second one
   * (`MonitorModule`'s and one registered by hand) leaves the handler to it.
   */
  intercepted: boolean;
  /** The incoming OpenTelemetry context (remote parent and `baggage`) when the tracer can extract it. */
  incoming?: Context;
}

/** Options shared by the middleware and the interceptor. */
export interface HttpTracingOptions {
  /** @default MonitorModule's tracer (else no-op) */
  tracer?: TracerProtocol;
  /** Receives `http_server_requests_total` and `http_server_request_duration_seconds`. */
  metrics?: MetricsCollectorProtocol;
}

/** `/orders/:id` when Express matched a route. */
export function routeTemplate(req: TracedRequest): string | undefined {
  const path = req.route?.path;
  return typeof path === 'string' ? `${req.baseUrl ?? ''}${path}` : undefined;
}

/** Starts the SERVER span of a request: parent from its `traceparent`, else a new trace. */
export function startServerSpan(req: TracedRequest, options: HttpTracingOptions): ServerSpanState {
  const tracer = resolveTracer(options.tracer);
  const method = (req.method ?? 'GET').toUpperCase();
  const parent = tracer.extractContext(req.headers);
  const url = req.originalUrl ?? req.url ?? '/';
  const span = tracer.startSpan(method, {
    kind: 'server',
    context: parent,
    root: parent === undefined,
    attributes: {
      'http.request.method': method,
      'url.path': url.split('?')[0],
      'user_agent.original': headerValue(req.headers['user-agent']),
    },
  } as never);
  const state: ServerSpanState = {
    span,
    tracer,
    method,
    started: performance.now(),
    ended: false,
    intercepted: false,
  };
  // Herald's Tracer also hands out the full incoming context, so the request's
  // `baggage` is current in the handler and travels on with injectContext().
  const extract = (tracer as { extractOtelContext?: (carrier: object, base: Context) => Context })
    .extractOtelContext;
  if (typeof extract === 'function' && req.headers.baggage !== undefined) {
    state.incoming = extract.call(tracer, req.headers, otelContext.active());
  }
  req[HTTP_SPAN] = state;
  return state;
}

/** Runs `fn` with the request's span current, inside the incoming context (its baggage) when there is one. */
export function runInServerSpan<T>(state: ServerSpanState, fn: () => T): T {
  const run = () => state.tracer.withSpan(state.span, fn);
  return state.incoming ? otelContext.with(state.incoming, run) : run();
}

/** Names the span by its route template (`GET /orders/:id`). */
export function nameByRoute(state: ServerSpanState, route: string | undefined): void {
  if (!route || state.route === route) return;
  state.route = route;
  state.span.setAttribute('http.route', route);
  (state.span as { updateName?: (name: string) => unknown }).updateName?.(
    `${state.method} ${route}`,
  );
}

/** Records an exception thrown by the handler. */
export function recordServerError(state: ServerSpanState, error: unknown): void {
  state.span.recordException(error);
  state.span.setAttribute('error.type', error instanceof Error ? error.name : typeof error);
}

/** Ends the span when the response is sent (or the connection drops) and records the metrics. */
export function endOnResponse(
  state: ServerSpanState,
  req: TracedRequest,
  res: TracedResponse,
  metrics?: MetricsCollectorProtocol,
): void {
  const done = () => {
    if (state.ended) return;
    state.ended = true;
    nameByRoute(state, routeTemplate(req));
    const status = res.statusCode;
    state.span.setAttribute('http.response.status_code', status);
    if (status >= 500) state.span.setStatus({ code: 'error', message: `HTTP ${status}` });
    state.span.end();
    if (metrics) {
      const route = state.route ?? 'unmatched';
      metrics.increment('http_server_requests_total', 1, {
        method: state.method,
        route,
        status_code: String(status),
      });
      metrics.histogram(
        'http_server_request_duration_seconds',
        (performance.now() - state.started) / 1000,
        { method: state.method, route },
      );
    }
  };
  res.once('finish', done);
  res.once('close', done);
}

export { failSpan };

function headerValue(value: string | string[] | undefined): string {
  return Array.isArray(value) ? value.join(', ') : (value ?? '');
}
