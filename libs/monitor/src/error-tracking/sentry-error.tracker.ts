import type { ErrorTrackerProtocol } from '@herald/contracts';
import { scrubPii, type ScrubbableEvent } from './scrub-pii.util.js';
import { errorTraceOf } from './trace-context.util.js';

/** The parts of `@sentry/nestjs` (re-exporting `@sentry/node`) the tracker uses. */
export interface SentrySdk {
  NodeClient: new (options: Record<string, unknown>) => SentryClient;
  Scope: new () => SentryScope;
  makeNodeTransport: unknown;
  defaultStackParser: unknown;
  linkedErrorsIntegration(): unknown;
  contextLinesIntegration(): unknown;
  nodeContextIntegration(): unknown;
  eventFiltersIntegration(): unknown;
}
interface SentryScope {
  setClient(client: SentryClient): void;
  addEventProcessor(processor: (event: any) => any): SentryScope;
}
interface SentryClient {
  init(): void;
  captureException(exception: unknown, hint?: unknown, scope?: unknown): string;
  flush(timeoutMs?: number): PromiseLike<boolean>;
  close(timeoutMs?: number): PromiseLike<boolean>;
}

/** Sentry options Herald sets from `ErrorTrackingConfig`. */
export interface SentryTrackerOptions {
  dsn: string;
  environment: string;
  tracesSampleRate: number;
  sendDefaultPii: boolean;
  /** Release tag. */
  release?: string;
}

/**
 * Error tracking through Sentry's SDK (`@sentry/nestjs`).
 *
 * Sentry's own `Sentry.init()` is process-global: it replaces the client of
 * the whole process, patches `http`, `console` and module loading, and
 * installs handlers that exit the process on an uncaught exception. Herald
 * does not call it. Each tracker owns a private `NodeClient` (with the
 * side-effect-free integrations: linked errors, source context, runtime
 * context, event filters) and captures through its own scope, so two Nest
 * apps or test files never share or leak a client. The client is flushed
 * and closed on module destroy. Apps that also want Sentry's automatic
 * instrumentation call `Sentry.init()` themselves, as Sentry documents.
 */
export class SentryErrorTracker implements ErrorTrackerProtocol {
  private readonly client: SentryClient;

  constructor(
    private readonly sdk: SentrySdk,
    options: SentryTrackerOptions,
  ) {
    const scrub = (event: ScrubbableEvent) => (options.sendDefaultPii ? event : scrubPii(event));
    this.client = new sdk.NodeClient({
      dsn: options.dsn,
      environment: options.environment,
      release: options.release,
      tracesSampleRate: options.tracesSampleRate,
      sendDefaultPii: options.sendDefaultPii,
      transport: sdk.makeNodeTransport,
      stackParser: sdk.defaultStackParser,
      integrations: [
        sdk.eventFiltersIntegration(),
        sdk.linkedErrorsIntegration(),
        sdk.contextLinesIntegration(),
        sdk.nodeContextIntegration(),
      ],
      beforeSend: scrub,
      beforeSendTransaction: scrub,
    });
    this.client.init();
  }

  /**
   * Sends the exception; `context.request` (`{ method, url, headers, cookies,
   * query_string, env }`), `context.user` and `context.tags` go on the event.
   * The trace (`context.trace`, else the current span) goes into
   * `contexts.trace` and the `trace_id` tag, so Sentry links the error to it.
   */
  captureException(exception: unknown, context?: Record<string, unknown>): string | undefined {
    const scope = new this.sdk.Scope();
    scope.setClient(this.client);
    const trace = errorTraceOf(context);
    if (context || trace) {
      const tags = {
        ...(trace ? { trace_id: trace.trace_id } : {}),
        ...((context?.tags as object | undefined) ?? {}),
      };
      scope.addEventProcessor((event) => ({
        ...event,
        ...(context?.request
          ? { request: { ...event.request, ...(context.request as object) } }
          : {}),
        ...(context?.user ? { user: { ...event.user, ...(context.user as object) } } : {}),
        ...(Object.keys(tags).length > 0 ? { tags: { ...event.tags, ...tags } } : {}),
        ...(trace
          ? { contexts: { ...event.contexts, trace: { ...event.contexts?.trace, ...trace } } }
          : {}),
      }));
    }
    return this.client.captureException(exception, { originalException: exception }, scope);
  }

  async flush(timeoutMs = 2000): Promise<boolean> {
    return this.client.flush(timeoutMs);
  }

  /** Flushes and closes the client (called on module destroy). */
  async close(timeoutMs = 2000): Promise<boolean> {
    return this.client.close(timeoutMs);
  }

  async onModuleDestroy(): Promise<void> {
    await this.close();
  }
}
