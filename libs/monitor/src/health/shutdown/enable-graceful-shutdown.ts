import type { HealthCheckRunner } from '../health-check-runner.js';

/** Options of `enableGracefulShutdown()`. */
export interface GracefulShutdownOptions {
  /** Its readiness turns UNHEALTHY as soon as a signal arrives. */
  runner: Pick<HealthCheckRunner, 'beginShutdown'>;
  /** How long to keep serving (readiness failing) before closing. @default 5000 */
  drainDelayMs?: number;
  /** @default ['SIGTERM', 'SIGINT'] */
  signals?: NodeJS.Signals[];
  /** Told when the drain starts and when the application is closed (e.g. to log). */
  onEvent?: (event: 'draining' | 'closed', signal: NodeJS.Signals) => void;
}

/**
 * Graceful shutdown for Kubernetes-style rollouts: on the first signal,
 * readiness turns UNHEALTHY so the load balancer stops routing here, the
 * application keeps serving for `drainDelayMs`, then `app.close()` runs (Nest's
 * shutdown hooks included). A second signal during the drain closes at once.
 * Use it instead of `app.enableShutdownHooks()` for these signals. It never
 * calls `process.exit`. Returns a function that removes the signal handlers.
 *
 * @example enableGracefulShutdown(app, { runner: app.get(HealthCheckRunner), drainDelayMs: 5000 })
 */
export function enableGracefulShutdown(
  app: { close(): Promise<void> },
  options: GracefulShutdownOptions,
): () => void {
  const signals = options.signals ?? ['SIGTERM', 'SIGINT'];
  const drainDelayMs = options.drainDelayMs ?? 5000;
  let timer: NodeJS.Timeout | undefined;
  let closing: Promise<void> | undefined;

  const remove = () => signals.forEach((signal) => process.removeListener(signal, onSignal));
  const close = (signal: NodeJS.Signals) => {
    clearTimeout(timer);
    closing ??= app.close().then(() => {
      remove();
      options.onEvent?.('closed', signal);
    });
    return closing;
  };
  function onSignal(signal: NodeJS.Signals): void {
    if (timer !== undefined || closing) {
      void close(signal);
      return;
    }
    options.runner.beginShutdown(`draining after ${signal}`);
    options.onEvent?.('draining', signal);
    timer = setTimeout(() => void close(signal), drainDelayMs);
  }
  signals.forEach((signal) => process.on(signal, onSignal));
  return () => {
    clearTimeout(timer);
    remove();
  };
}
