import { Logger, type Provider } from '@nestjs/common';
import { ApplicationConfig, HttpAdapterHost } from '@nestjs/core';
import { installEarlyBodyReader } from '../../utils/early-body-reader.util.js';
import { ONE_CLICK_BODY_LIMIT } from './one-click-body.util.js';

/** Internal: the early body reader of the one-click route. */
export const UNSUBSCRIBE_BODY_READER = 'HERALD:UNSUBSCRIBE_BODY_READER';

/**
 * Reads one-click POST bodies before the application's body parsers: at most
 * `ONE_CLICK_BODY_LIMIT` (16 KiB) of any content type, a larger one answered
 * 413 on a connection that stays usable.
 */
export function unsubscribeBodyReader(route: string | undefined): Provider[] {
  if (route === undefined) return [];
  return [
    {
      provide: UNSUBSCRIBE_BODY_READER,
      useFactory: (adapterHost?: HttpAdapterHost, config?: ApplicationConfig) => {
        const logger = new Logger('UnsubscribeController');
        installEarlyBodyReader(adapterHost, config, {
          routes: [route],
          limit: () => ONE_CLICK_BODY_LIMIT,
          tooLarge: (path, size, limit) =>
            `one-click unsubscribe body of ${size} bytes on ${path} is over the limit of ${limit} bytes (the form is one short field)`,
          log: (message) => logger.warn(`refused (413): ${message}`),
        });
        return true;
      },
      inject: [
        { token: HttpAdapterHost, optional: true },
        { token: ApplicationConfig, optional: true },
      ],
    },
  ];
}
