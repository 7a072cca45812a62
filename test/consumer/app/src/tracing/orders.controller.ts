import { Controller, Get, Param } from '@nestjs/common';
import { OrdersService } from './orders.service.js';

/** `GET /orders/:id`, traced through `OrdersService.find`. */
@Controller('orders')
export class OrdersController {
  constructor(private readonly orders: OrdersService) {}

  @Get(':id')
  find(@Param('id') id: string): Promise<{ id: string; status: string }> {
    return this.orders.find(id);
  }
}
