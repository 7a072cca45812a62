import {
  BadRequestException,
  Controller,
  Get,
  Header,
  Inject,
  Param,
  ParseIntPipe,
} from '@nestjs/common';
import { TRACER, type TracerProtocol } from '@herald/contracts';
import { Tracer } from '@herald/monitor';
import { AdminShellService } from '../admin/admin-shell.service.js';
import { html, raw } from '../admin/html.util.js';
import { OrderLookupService } from './order-lookup.service.js';

/** Largest order id: a PostgreSQL `integer`. */
const MAX_ORDER_ID = 2_147_483_647;

/** `GET /tracing/orders/:id` (a traced request) and `GET /tracing` (the recent spans page). */
@Controller('tracing')
export class TracingDemoController {
  constructor(
    private readonly orders: OrderLookupService,
    private readonly shell: AdminShellService,
    @Inject(TRACER) private readonly tracer: TracerProtocol,
  ) {}

  @Get('orders/:id')
  async order(@Param('id', ParseIntPipe) id: number) {
    if (id < 1 || id > MAX_ORDER_ID) {
      throw new BadRequestException(
        `id must be an order number from 1 to ${MAX_ORDER_ID} (got ${id})`,
      );
    }
    const result = await this.orders.lookup(id);
    return { ...result, traceId: this.tracer.getCurrentSpan()?.spanContext().traceId };
  }

  @Get()
  @Header('Content-Type', 'text/html; charset=utf-8')
  page(): string {
    const spans =
      this.tracer instanceof Tracer ? this.tracer.getAllSpans().slice(-50).reverse() : [];
    const rows = spans.map(
      (s) =>
        html`<tr>
          <td><code>${s.traceId.slice(0, 8)}</code></td>
          <td>${s.name}</td>
          <td>${s.kind}</td>
          <td>${s.status.code}</td>
          <td>${(s.getDuration() ?? 0).toFixed(2)} ms</td>
        </tr>`,
    );
    const body = html`<h1>Tracing</h1>
      <p>
        Open <a href="/tracing/orders/42">/tracing/orders/42</a> (send a
        <code>traceparent</code> header to join your own trace): a SERVER span, a
        <code>@Traced</code> service, an SQLite query and a published message.
      </p>
      ${
        spans.length === 0
          ? raw('<p>No spans kept yet (or tracing is disabled).</p>')
          : raw(
              html`<table>
                <thead>
                  <tr>
                    <th>trace</th>
                    <th>span</th>
                    <th>kind</th>
                    <th>status</th>
                    <th>duration</th>
                  </tr>
                </thead>
                <tbody>
                  ${rows}
                </tbody>
              </table>`,
            )
      }`;
    return this.shell.render('Tracing', body);
  }
}
