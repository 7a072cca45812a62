import { Controller, Get, NotFoundException } from '@nestjs/common';

/**
 * Routes that fail on purpose, to see error tracking work: `GET /errors/boom`
 * throws an unhandled error (reported through `ERROR_TRACKER`, answered 500);
 * `GET /errors/not-found` throws a 404 `HttpException` (not reported).
 */
@Controller('errors')
export class ErrorsDemoController {
  @Get('boom')
  boom(): never {
    throw new TypeError('Demo failure while charging alice@example.com');
  }

  @Get('not-found')
  notFound(): never {
    throw new NotFoundException('No such demo order');
  }
}
