import { Injectable } from '@nestjs/common';
import { Traced } from '@herald/monitor';

/** A service whose method runs in a `@Traced` span. */
@Injectable()
export class OrdersService {
  @Traced()
  async find(id: string): Promise<{ id: string; status: string }> {
    await new Promise((resolve) => setImmediate(resolve));
    return { id, status: 'shipped' };
  }
}
