import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApplicationConfig, HttpAdapterHost } from '@nestjs/core';
import { readBoundedBody } from './bounded-body.util.js';

/** A request once the early reader kept its body (what `rawBody: true` gives too). */
export interface EarlyReadRequest extends IncomingMessage {
  rawBody?: Buffer;
  /** body-parser 1.x skips a request that has it. */
  _body?: boolean;
}

/** What an early body reader serves. */
export interface EarlyBodyReaderOptions {
  /** Route paths as the controllers declare them (under the app's global prefix). */
  routes: readonly string[];
  /** The body limit in bytes, read per request (options may resolve late). */
  limit(): number;
  /** The 413's message, and the log line stating the cause. */
  tooLarge(path: string, size: number, limit: number): string;
  /** Called with the message of a refused body (a WARN log). */
  log(message: string): void;
}

const normalize = (path: string): string =>
  ('/' + path)
    .replace(/\/{2,}/g, '/')
    .replace(/(.)\/$/, '$1')
    .toLowerCase();

/**
 * Reads the body of `POST` requests to `routes` before the application's
 * body parsers, with its own limit: a body within it is kept as `rawBody`
 * (the parsers then skip the finished request), a larger one answers 413 on
 * a connection that stays usable (see `readBoundedBody`). Installed on
 * Express as soon as the HTTP adapter exists, which is before Nest adds its
 * JSON and urlencoded parsers at `init()`; other adapters are left alone
 * (the handlers then read what their parsers leave).
 */
export function installEarlyBodyReader(
  adapterHost: HttpAdapterHost | undefined,
  config: ApplicationConfig | undefined,
  options: EarlyBodyReaderOptions,
): void {
  if (!adapterHost || options.routes.length === 0) return;
  let prefix: string | undefined;
  let paths = new Set<string>();
  const matches = (url: string): boolean => {
    const global = config?.getGlobalPrefix() ?? '';
    if (global !== prefix) {
      prefix = global;
      paths = new Set(options.routes.flatMap((r) => [normalize(r), normalize(`${global}/${r}`)]));
    }
    return paths.has(normalize(url.split('?')[0]));
  };
  const reader = (req: EarlyReadRequest, res: ServerResponse, next: () => void): void => {
    if (req.method !== 'POST' || req.rawBody || req.readableEnded || !matches(req.url ?? '/'))
      return next();
    const limit = options.limit();
    readBoundedBody(req, limit).then(
      ({ body, size, drained }) => {
        if (body) {
          req.rawBody = body;
          req._body = true;
          return next();
        }
        const message = options.tooLarge(req.url?.split('?')[0] ?? '/', size, limit);
        options.log(message);
        res.statusCode = 413;
        res.setHeader('content-type', 'application/json; charset=utf-8');
        if (!drained) res.setHeader('connection', 'close');
        res.end(JSON.stringify({ statusCode: 413, error: 'Payload Too Large', message }));
      },
      () => {
        // the client went away mid-body: nobody to answer
        if (!res.headersSent) res.destroy();
      },
    );
  };
  Object.defineProperty(reader, 'name', { value: 'heraldEarlyBodyReader' });
  adapterHost.init$.subscribe(() => {
    const adapter = adapterHost.httpAdapter;
    if (adapter?.getType?.() === 'express') adapter.use(reader);
  });
}
