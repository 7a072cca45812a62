import { STATUS_CODES } from 'node:http';
import { Catch, HttpStatus, type ArgumentsHost } from '@nestjs/common';
import { BaseExceptionFilter } from '@nestjs/core';
import { InboxError } from './errors/inbox.error.js';

/**
 * The HTTP status of each `InboxError` code. Client mistakes (bad input, a
 * cursor that `getInbox()` did not issue) are 400; an action id the message does
 * not have (`INBOX_UNKNOWN_ACTION`) is 404; setup problems (no
 * DataSource, migration not run) are the server's, 500. An unknown code is 500.
 */
export const INBOX_ERROR_HTTP_STATUS: Readonly<Record<string, number>> = Object.freeze({
  INBOX_INVALID_INPUT: HttpStatus.BAD_REQUEST,
  INBOX_INVALID_CURSOR: HttpStatus.BAD_REQUEST,
  INBOX_UNKNOWN_ACTION: HttpStatus.NOT_FOUND,
  INBOX_NO_DATA_SOURCE: HttpStatus.INTERNAL_SERVER_ERROR,
  INBOX_TABLE_MISSING: HttpStatus.INTERNAL_SERVER_ERROR,
});

/**
 * Turns an `InboxError` into an HTTP answer by its code (`INBOX_ERROR_HTTP_STATUS`):
 * a 4xx carries `{ statusCode, error, code, message }`, whose message names the
 * offending field and value; a 5xx is answered as Nest answers any unexpected
 * error (logged, generic body), so setup details never reach the client.
 *
 * @example @UseFilters(InboxExceptionFilter) on a controller, or
 * providers: [{ provide: APP_FILTER, useClass: InboxExceptionFilter }]
 */
@Catch(InboxError)
export class InboxExceptionFilter extends BaseExceptionFilter {
  override catch(exception: InboxError, host: ArgumentsHost): void {
    const status = INBOX_ERROR_HTTP_STATUS[exception.code] ?? HttpStatus.INTERNAL_SERVER_ERROR;
    const adapter = this.applicationRef ?? this.httpAdapterHost?.httpAdapter;
    if (status >= 500 || host.getType() !== 'http' || !adapter) {
      super.catch(exception, host);
      return;
    }
    const body = {
      statusCode: status,
      error: STATUS_CODES[status],
      code: exception.code,
      message: exception.message,
    };
    adapter.reply(host.switchToHttp().getResponse(), body, status);
  }
}
