import { createHash } from 'node:crypto';
import type { OnApplicationShutdown, Type } from '@nestjs/common';
import { GateDecisions } from '../gates/gate-decisions.js';
import type {
  GateContext,
  GateDecision,
  NotificationGate,
} from '../gates/notification-gate.interface.js';
import { MemoryThrottleStore, type ThrottleStore } from './throttle-store.js';
import type { ThrottleRule } from './timing-rules.js';
import { checkThrottleRule } from './timing-rules.util.js';

/** Options of `throttleGate()`. */
export interface ThrottleGateOptions {
  /** Where counts live. @default a `MemoryThrottleStore` (one process) */
  store?: ThrottleStore;
  /** The rule of notifications that declare no `throttle`. @default none (they pass) */
  rule?: ThrottleRule;
}

/**
 * A gate that rate-limits deliveries per recipient, category and channel,
 * by the notification's `throttle` rule (or the gate's `rule`): over the
 * limit, a delivery is dropped (recorded `throttled` with the rule as
 * reason) or deferred to when the window has room (`mode: 'defer'`).
 * Critical notifications are not limited. Each allowed delivery takes a
 * slot: list this gate after gates that suppress (preferences), so
 * suppressed sends do not count.
 *
 * @example
 * NotifierModule.forRoot({}, { gates: [throttleGate({ store: new RedisThrottleStore({ redisUrl }) })] })
 */
export function throttleGate(options: ThrottleGateOptions = {}): Type<NotificationGate> {
  const fallback = options.rule && checkThrottleRule(options.rule, 'throttleGate.rule');
  const store: ThrottleStore = options.store ?? new MemoryThrottleStore();

  class ThrottleGate implements NotificationGate, OnApplicationShutdown {
    readonly name = 'throttle';

    async checkMany(contexts: readonly GateContext[]): Promise<GateDecision[]> {
      // 100 at a time: one round trip each, atomic per key, so order within a batch is free
      const out: GateDecision[] = [];
      for (let i = 0; i < contexts.length; i += 100)
        out.push(...(await Promise.all(contexts.slice(i, i + 100).map((c) => this.decide(c)))));
      return out;
    }

    private async decide(ctx: GateContext): Promise<GateDecision> {
      const { notification, recipient, channel } = ctx;
      const rule = notification.throttle ?? fallback;
      if (!rule || notification.critical) return GateDecisions.allow();
      const who = recipient.id ?? ctx.address;
      const key = createHash('sha256')
        .update(`${notification.category}\u0000${who}\u0000${channel}`)
        .digest('hex')
        .slice(0, 32);
      const verdict = await store.take(key, rule.limit, rule.perMs, ctx.now);
      if (verdict.allowed) return GateDecisions.allow();
      const reason = `rate limit: ${rule.limit} per ${rule.perMs} ms of "${notification.category}" on ${channel}`;
      return rule.mode === 'defer'
        ? GateDecisions.defer(verdict.retryAtMs, reason)
        : GateDecisions.suppress(reason, 'throttled');
    }

    async onApplicationShutdown(): Promise<void> {
      await store.close?.();
    }
  }
  return ThrottleGate;
}
