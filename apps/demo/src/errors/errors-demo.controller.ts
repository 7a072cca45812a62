import { Controller, Get, NotFoundException } from '@nestjs/common';
import { maskRecipient } from '@herald/notification';

/** The customer of the failing demo charge: in messages only masked, as every log line should. */
const CUSTOMER = 'alice@example.com';

/**
 * Routes that fail on purpose, to see error tracking work: `GET /errors/boom`
 * throws an unhandled error (reported through `ERROR_TRACKER` and logged, the
 * customer's address masked as `a***@example.com`; answered 500);
 * `GET /errors/not-found` throws a 404 `HttpException` (not reported).
 */
@Controller('errors')
export class ErrorsDemoController {
  @Get('boom')
  boom(): never {
    throw new TypeError(`Demo failure while charging ${maskRecipient(CUSTOMER)}`);
  }

  @Get('not-found')
  notFound(): never {
    throw new NotFoundException('No such demo order');
  }
}
