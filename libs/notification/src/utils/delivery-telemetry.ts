import type { MetricsCollectorProtocol, SpanProtocol, TracerProtocol } from '@herald/contracts';
import { DeliveryError } from '../errors/delivery.error.js';
import type { EventSink } from './lazy-event-emitter.util.js';
import { maskRecipient } from './mask.util.js';

/** Counter of sends, labelled `channel`, `backend`, `outcome` (`success` | `permanent` | `transient`). */
export const NOTIFICATION_SENT_TOTAL = 'notification_sent_total';
/** Histogram of send durations in seconds, labelled `channel`, `backend`. */
export const NOTIFICATION_SEND_DURATION = 'notification_send_duration_seconds';

export interface SendSpanInfo {
  channel: 'sms' | 'push' | 'mail' | 'chat' | (string & {});
  backend: string;
  driver: string;
  /** Raw recipient; only its masked form reaches the span. */
  recipient?: string;
  messageType?: string;
}

/**
 * Wraps each send in a PRODUCER span (as `tracePublish` does) and counts it.
 * Talks only to the `TRACER` and `METRICS_COLLECTOR` protocols, so it works
 * with the no-op stand-ins and with the real monitor alike.
 */
export class DeliveryTelemetry {
  constructor(
    private readonly tracer?: TracerProtocol,
    private readonly metrics?: MetricsCollectorProtocol,
    private readonly events?: () => EventSink | undefined,
  ) {}

  /** Emits `event` on the application's `EventEmitter2`, when it has one. */
  emit(event: string, payload: unknown): void {
    this.events?.()?.emit(event, payload);
  }

  /**
   * Runs `fn` inside the span; `fn` receives the W3C trace headers to forward
   * where the provider accepts custom headers.
   */
  async trace<T>(
    info: SendSpanInfo,
    fn: (span: SpanProtocol | undefined, traceHeaders: Record<string, string>) => Promise<T>,
  ): Promise<T> {
    const started = performance.now();
    // same shape as @herald/monitor's tracePublish(): `publish <channel>`, messaging.* attributes
    const span = this.tracer?.startSpan(`publish ${info.channel}`, {
      kind: 'producer',
      attributes: {
        'messaging.system': 'herald',
        'messaging.operation.type': 'send',
        'messaging.destination.name': info.channel,
        'herald.message_type': info.messageType ?? info.channel,
        'herald.backend': info.backend,
        'herald.driver': info.driver,
        'herald.recipient':
          info.recipient === undefined ? undefined : maskRecipient(info.recipient),
      },
    });
    const headers: Record<string, string> = {};
    if (span && this.tracer) this.tracer.injectContext(headers, span.spanContext());
    let outcome = 'success';
    try {
      const result =
        span && this.tracer
          ? await this.tracer.withSpan(span, () => fn(span, headers))
          : await fn(span, headers);
      span?.setStatus('ok');
      return result;
    } catch (error) {
      outcome = error instanceof DeliveryError && error.transient ? 'transient' : 'permanent';
      span?.recordException(error);
      span?.setStatus({ code: 'error', message: (error as Error)?.message });
      if (error instanceof DeliveryError)
        span?.setAttribute('herald.delivery.reason', error.reason);
      throw error;
    } finally {
      span?.end();
      this.count(info, outcome, (performance.now() - started) / 1000);
    }
  }

  /** Records one outcome without a span (per-token results of a batch). */
  count(info: Pick<SendSpanInfo, 'channel' | 'backend'>, outcome: string, seconds?: number): void {
    if (!this.metrics) return;
    this.metrics.increment(NOTIFICATION_SENT_TOTAL, 1, {
      channel: info.channel,
      backend: info.backend,
      outcome,
    });
    if (seconds !== undefined) {
      this.metrics.histogram(NOTIFICATION_SEND_DURATION, seconds, {
        channel: info.channel,
        backend: info.backend,
      });
    }
  }
}
