import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ObservabilityService, Traced } from '@herald/monitor';

/** A message the demo "sends": its channel and the headers carrying the trace context. */
export interface OutboxMessage {
  channel: string;
  orderId: number;
  headers: Record<string, string>;
}

const OUTBOX_LIMIT = 100;

/**
 * The traced path of the demo: a `@Traced` method that reads from the demo's
 * database (a CLIENT span per query, through the instrumented DataSource)
 * and publishes a confirmation (a PRODUCER span whose context travels in the
 * message headers).
 */
@Injectable()
export class OrderLookupService {
  /** The last messages published, newest last (bounded). */
  readonly outbox: OutboxMessage[] = [];

  constructor(
    private readonly dataSource: DataSource,
    private readonly observability: ObservabilityService,
  ) {}

  @Traced()
  async lookup(
    orderId: number,
  ): Promise<{ orderId: number; totalCents: number; message: OutboxMessage }> {
    const p = this.dataSource.options.type === 'postgres' ? ['$1', '$2'] : ['?', '?'];
    const [row] = await this.dataSource.query(
      `SELECT ${p[0]} AS id, CAST(${p[1]} AS BIGINT) * 125 AS total_cents`,
      [orderId, orderId],
    );
    const message = await this.observability.tracePublish(
      {
        channel: 'email',
        messageType: 'email',
        recipient: 'customer@example.com',
        'order.id': orderId,
      },
      async (_span, headers) => {
        const queued: OutboxMessage = { channel: 'email', orderId, headers };
        this.outbox.push(queued);
        if (this.outbox.length > OUTBOX_LIMIT) this.outbox.shift();
        return queued;
      },
    );
    return { orderId: Number(row.id), totalCents: Number(row.total_cents), message };
  }
}
