import type { AlertContext, AlertDispatcherProtocol, AlertSeverity } from '@herald/contracts';
import { MonitoringError } from '../errors/index.js';
import { BaseAlertDispatcher, type AlertDispatcherOptions } from './alert-dispatcher.base.js';

export interface RoutingAlertDispatcherOptions extends AlertDispatcherOptions {
  /** Dispatchers per tier (`SLOTier` value, e.g. `P0_PAGE`), read from `context.tier`. */
  routes: Record<string, AlertDispatcherProtocol[]>;
  /** Dispatchers for alerts without a tier or with a tier that has no route. */
  fallback: AlertDispatcherProtocol[];
}

/**
 * Sends each alert to every dispatcher configured for its tier
 * (`context.tier`), in parallel. Every target is tried; when some fail, one
 * `MonitoringError` lists them. Give the emitter to the router only, not to
 * its targets, so `ALERT_FIRED_EVENT` fires once per alert.
 *
 * @example
 * new RoutingAlertDispatcher({
 *   routes: { P0_PAGE: [alertmanager, logging] },
 *   fallback: [logging],
 * })
 */
export class RoutingAlertDispatcher extends BaseAlertDispatcher {
  constructor(private readonly options: RoutingAlertDispatcherOptions) {
    super(options);
  }

  /** The dispatchers an alert of `tier` goes to. */
  targetsFor(tier: unknown): AlertDispatcherProtocol[] {
    const route = typeof tier === 'string' ? this.options.routes[tier] : undefined;
    return route ?? this.options.fallback;
  }

  /** Forwards a recovery to the targets of its tier that handle recoveries. */
  async resolveAlert(title: string, message: string, context?: AlertContext): Promise<void> {
    const targets = this.targetsFor(context?.tier).filter((t) => t.resolveAlert);
    const results = await Promise.allSettled(
      targets.map((target) => target.resolveAlert!(title, message, context)),
    );
    const failures = results.flatMap((result, index) =>
      result.status === 'rejected'
        ? [
            `${targets[index].constructor.name}: ${(result.reason as Error)?.message ?? result.reason}`,
          ]
        : [],
    );
    if (failures.length > 0) {
      throw new MonitoringError(
        `Recovery of "${title}" failed on ${failures.length} of ${targets.length} dispatchers: ${failures.join('; ')}`,
        { code: 'HERALD_ALERT_ROUTE_FAILED' },
      );
    }
  }

  protected async deliver(
    title: string,
    message: string,
    severity: AlertSeverity,
    context?: AlertContext,
  ): Promise<void> {
    const targets = this.targetsFor(context?.tier);
    const results = await Promise.allSettled(
      targets.map((target) => target.sendAlert(title, message, severity, context)),
    );
    const failures = results.flatMap((result, index) =>
      result.status === 'rejected'
        ? [
            `${targets[index].constructor.name}: ${(result.reason as Error)?.message ?? result.reason}`,
          ]
        : [],
    );
    if (failures.length > 0) {
      throw new MonitoringError(
        `Alert "${title}" failed on ${failures.length} of ${targets.length} dispatchers: ${failures.join('; ')}`,
        { code: 'HERALD_ALERT_ROUTE_FAILED' },
      );
    }
  }
}
