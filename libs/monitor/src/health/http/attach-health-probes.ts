import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { HealthRequestHandler, type HealthMiddlewareOptions } from './health-request.handler.js';

type RequestListener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Answers health probes on the Node `http.Server` itself, ahead of Express /
 * Nest: probes skip the framework pipeline (faster, and still answered when the
 * application's middleware is slow or stuck). Other requests reach the
 * framework untouched. Answers `<path>`, `<path>/live`, `/ready`, `/startup`
 * unless `probes: false`. Returns a function that detaches it.
 *
 * @example
 * const app = await NestFactory.create(AppModule);
 * attachHealthProbes(app.getHttpServer(), { checker: app.get(HealthCheckRunner) });
 */
export function attachHealthProbes(server: Server, options: HealthMiddlewareOptions): () => void {
  const handler = new HealthRequestHandler({ ...options, probes: options.probes ?? true });
  const previous = server.listeners('request') as RequestListener[];
  const single = previous.length === 1 ? previous[0] : undefined;
  const listener: RequestListener = function (this: Server, req, res) {
    if (handler.handle(req, res)) return;
    if (single) return single.call(this, req, res);
    for (const next of previous) next.call(this, req, res);
  };
  server.removeAllListeners('request');
  server.on('request', listener);
  return () => {
    server.removeListener('request', listener);
    for (const next of previous) server.on('request', next);
  };
}
