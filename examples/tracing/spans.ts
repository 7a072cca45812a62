import type { IncomingHttpHeaders } from 'node:http';
import { Injectable } from '@nestjs/common';
import { InjectTracer, type TracerProtocol } from '@herald/contracts';
import { SpanContext } from '@herald/monitor';

@Injectable()
export class Payments {
  constructor(@InjectTracer() private readonly tracer: TracerProtocol) {}

  async charge(orderId: string, incoming: IncomingHttpHeaders) {
    const parent = this.tracer.extractContext(incoming); // SpanContext or undefined
    const span = this.tracer.startSpan('charge', {
      attributes: { 'order.id': orderId },
      kind: 'client',
      context: parent,
    });
    span.addEvent('card.checked').setStatus('ok');
    const { traceId, spanId } = span.spanContext(); // ids of this span

    const outgoing: Record<string, string> = {};
    await this.tracer.withSpan(span, async () => {
      this.tracer.getCurrentSpan(); // `span`, current across awaits
      this.tracer.injectContext(outgoing); // traceparent (+ tracestate, baggage)
    });
    span.end();
    return { traceId, spanId, outgoing };
  }
}

export const sampled = SpanContext.fromTraceparent(
  '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
)?.toTraceparent();
