import type { IncomingMessage, ServerResponse } from 'node:http';
import { HealthRequestHandler, type HealthMiddlewareOptions } from './health-request.handler.js';

/** A Connect/Express-style handler that also works on plain `node:http` objects. */
export type HealthMiddleware = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: (error?: unknown) => void,
) => void;

/**
 * The health endpoint as middleware: answers GET/HEAD on its own path only
 * (other paths go to `next()`, or get 404 without one), with 200 / 207 / 503
 * by the aggregate, 401 without the right bearer token, body
 * `{ status, timestamp, checks? }` and `Cache-Control: no-store`.
 *
 * @example app.use(createHealthMiddleware({ checker: app.get(HealthCheckRunner), authToken: process.env.HEALTH_TOKEN }))
 */
export function createHealthMiddleware(options: HealthMiddlewareOptions): HealthMiddleware {
  const handler = new HealthRequestHandler(options);
  return (req, res, next) => {
    if (handler.handle(req, res)) return;
    if (next) return next();
    res.writeHead(404, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify({ error: 'not found' }));
  };
}
