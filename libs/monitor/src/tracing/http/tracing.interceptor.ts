import {
  Inject,
  Injectable,
  Optional,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Observable } from 'rxjs';
import {
  METRICS_COLLECTOR,
  TRACER,
  type MetricsCollectorProtocol,
  type TracerProtocol,
} from '@herald/contracts';
import {
  HTTP_SPAN,
  endOnResponse,
  nameByRoute,
  recordServerError,
  routeTemplate,
  runInServerSpan,
  startServerSpan,
  type TracedRequest,
  type TracedResponse,
} from './server-span.util.js';

/** Nest's `@Controller()`/`@Get()` route metadata key (`PATH_METADATA` in `@nestjs/common/constants`, not an exported entry point in Nest 12). */
const PATH_METADATA = 'path';

function joinPaths(...parts: unknown[]): string {
  const segments = parts
    .flatMap((p) => (Array.isArray(p) ? p.slice(0, 1) : [p]))
    .filter((p): p is string => typeof p === 'string' && p !== '' && p !== '/')
    .map((p) => p.replace(/^\/+|\/+$/g, ''));
  return `/${segments.join('/')}`;
}

/**
 * Nest interceptor for HTTP handlers: reuses the SERVER span of
 * `TracingMiddleware` (or starts one, parent from `traceparent`, when the
 * middleware is not mounted), names it by the route template, runs the
 * handler with the span current and records a thrown exception on it. The
 * status code, ERROR status on 5xx and metrics are set when the response
 * is sent.
 *
 * `MonitorModule` registers it globally for you (turn that off with
 * `monitor.tracing.http_interceptor: false`). Registering it again yourself
 * is harmless: a request is handled by the first one only.
 *
 * @example { provide: APP_INTERCEPTOR, useClass: TracingInterceptor }
 */
@Injectable()
export class TracingInterceptor implements NestInterceptor {
  constructor(
    @Optional() @Inject(TRACER) private readonly tracer?: TracerProtocol,
    @Optional() @Inject(METRICS_COLLECTOR) private readonly metrics?: MetricsCollectorProtocol,
  ) {}

  intercept(ctx: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (ctx.getType() !== 'http') return next.handle();
    const http = ctx.switchToHttp();
    const req = http.getRequest<TracedRequest>();
    let state = req[HTTP_SPAN];
    // Another TracingInterceptor already runs this handler in the span: MonitorModule
    // registers one, and an app may also have registered its own.
    if (state?.intercepted) return next.handle();
    if (!state) {
      state = startServerSpan(req, { tracer: this.tracer });
      endOnResponse(state, req, http.getResponse<TracedResponse>(), this.metrics);
    }
    state.intercepted = true;
    const route =
      routeTemplate(req) ??
      joinPaths(
        Reflect.getMetadata(PATH_METADATA, ctx.getClass()),
        Reflect.getMetadata(PATH_METADATA, ctx.getHandler()),
      );
    nameByRoute(state, route);
    const current = state;
    return new Observable((subscriber) =>
      runInServerSpan(current, () =>
        next.handle().subscribe({
          next: (value) => subscriber.next(value),
          error: (error: unknown) => {
            recordServerError(current, error);
            subscriber.error(error);
          },
          complete: () => subscriber.complete(),
        }),
      ),
    );
  }
}
