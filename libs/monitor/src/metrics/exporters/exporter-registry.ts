/**
 * What an exporter is built from: its `type` picks the
 * handler; the rest is handed over. Times are in seconds, as in the config.
 */
export interface ExporterConfig {
  /** `console`, `otlp`, or whatever a registered handler accepts. */
  type: string;
  /** OTLP/HTTP base URL (`/v1/metrics` or `/v1/traces` is appended) or full signal URL. */
  endpoint?: string;
  headers?: Record<string, string>;
  compression?: 'none' | 'gzip';
  /** Seconds before one export is abandoned. */
  timeout?: number;
  [option: string]: unknown;
}

/** An exporter handler: says which types it builds, and builds them. */
export interface ExporterHandler<T> {
  canHandle(exporterType: string): boolean;
  createExporter(expConfig: ExporterConfig): T;
}

/**
 * An ordered list of handlers. `register()` puts a handler at the head, so a
 * later registration overrides a built-in one for the same type;
 * `createExporter()` asks each handler in order and returns `undefined` when
 * none can handle the config's `type`.
 */
export class ExporterRegistry<T> {
  private readonly handlers: Array<ExporterHandler<T>> = [];

  register(handler: ExporterHandler<T>): this {
    this.handlers.unshift(handler);
    return this;
  }

  createExporter(expConfig: ExporterConfig): T | undefined {
    for (const handler of this.handlers) {
      if (handler.canHandle(expConfig.type)) return handler.createExporter(expConfig);
    }
    return undefined;
  }

  /** The handlers, head first. */
  getHandlers(): ReadonlyArray<ExporterHandler<T>> {
    return [...this.handlers];
  }
}

/** `base` with `/v1/<signal>` appended unless it already names a signal path. */
export function otlpSignalUrl(base: string | undefined, signal: 'metrics' | 'traces'): string {
  const root = (base ?? 'http://localhost:4318').replace(/\/+$/, '');
  return /\/v1\/(metrics|traces|logs)$/.test(root) ? root : `${root}/v1/${signal}`;
}
