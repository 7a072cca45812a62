import { Controller, Get, Injectable, Module, Param } from '@nestjs/common';
import { Monitor, MonitorModule, Traced } from '@herald/monitor';

@Injectable()
export class OrdersService {
  @Traced() // a child span "OrdersService.find", arguments recorded (secrets redacted)
  async find(id: string) {
    return { id, status: 'shipped' };
  }

  @Monitor('orders.audit') // operation_start / operation_end log lines with elapsed_ms, in a span
  audit(id: string) {
    return id.length > 0;
  }
}

@Controller('orders')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Get(':id') // SERVER span "GET /orders/:id", child of the request's traceparent
  find(@Param('id') id: string) {
    return this.orders.find(id);
  }
}

// MonitorModule registers TracingInterceptor globally by itself: no APP_INTERCEPTOR to add.
// `{ config: { tracing: { httpInterceptor: false } } }` turns that off.
@Module({
  imports: [MonitorModule.forRoot({ config: { tracing: { serviceName: 'orders' } } })],
  controllers: [OrdersController],
  providers: [OrdersService],
})
export class AppModule {}
