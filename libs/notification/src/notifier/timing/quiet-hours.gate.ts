import type { Type } from '@nestjs/common';
import { TimingRuleError } from '../errors/timing-rule.error.js';
import { GateDecisions } from '../gates/gate-decisions.js';
import type {
  GateContext,
  GateDecision,
  NotificationGate,
} from '../gates/notification-gate.interface.js';
import type { RecipientProfile } from '../recipients/recipient.interface.js';
import { isTimeZone, parseClock, windowEnd, type ClockWindow } from './quiet-hours.util.js';

/** A daily quiet window in local time, `start` to `end` (`'22:00'`, `'07:00'`; may span midnight). */
export interface QuietHoursWindow {
  start: string;
  end: string;
}

/** Options of `quietHoursGate()`. */
export interface QuietHoursOptions extends QuietHoursWindow {
  /** The time zone of recipients without one (`RecipientProfile.timeZone`). @default 'UTC' */
  timeZone?: string;
  /** Only these channels wait (`['sms', 'push']`). @default every channel */
  channels?: readonly string[];
  /**
   * A recipient's own window, or `null` for none (they take everything at
   * any hour); `undefined` keeps the application's. Runs on every decision:
   * keep it fast (read it from the profile).
   */
  forRecipient?: (recipient: RecipientProfile) => QuietHoursWindow | null | undefined;
}

function windowOf(value: QuietHoursWindow, field: string): ClockWindow {
  const startMin = parseClock(value?.start, `${field}.start`);
  const endMin = parseClock(value?.end, `${field}.end`);
  if (startMin === endMin)
    throw new TimingRuleError(`${field}.end`, `must differ from start (both ${value.start})`);
  return { startMin, endMin };
}

/**
 * A gate that holds non-critical deliveries during quiet hours in the
 * recipient's time zone and sends them when the window ends (a `defer`,
 * so it needs the BullMQ queue or `inlineTimers`). Critical notifications
 * go through. Options are checked here, at startup: bad ones throw a
 * `TimingRuleError`.
 *
 * @example
 * NotifierModule.forRoot({}, { gates: [quietHoursGate({ start: '22:00', end: '07:00', channels: ['sms', 'push'] })] })
 */
export function quietHoursGate(options: QuietHoursOptions): Type<NotificationGate> {
  const base = windowOf(options, 'quietHoursGate');
  const zone = options.timeZone ?? 'UTC';
  if (!isTimeZone(zone))
    throw new TimingRuleError(
      'quietHoursGate.timeZone',
      `must be an IANA time zone such as "Europe/Paris" (got ${JSON.stringify(zone)})`,
    );
  const channels = options.channels ? new Set(options.channels) : undefined;
  const own = options.forRecipient;

  class QuietHoursGate implements NotificationGate {
    readonly name = 'quiet-hours';

    check(ctx: GateContext): GateDecision {
      if (ctx.notification.critical || (channels && !channels.has(ctx.channel)))
        return GateDecisions.allow();
      const mine = own?.(ctx.recipient);
      if (mine === null) return GateDecisions.allow();
      let window = base;
      let label = `${options.start}-${options.end}`;
      if (mine !== undefined) {
        try {
          window = windowOf(mine, 'quiet hours of the recipient');
          label = `${mine.start}-${mine.end}`;
        } catch {
          // a broken per-user setting falls back to the application's window
        }
      }
      const timeZone = isTimeZone(ctx.recipient.timeZone) ? ctx.recipient.timeZone : zone;
      const until = windowEnd(window, ctx.now, timeZone);
      return until === undefined
        ? GateDecisions.allow()
        : GateDecisions.defer(until, `quiet hours ${label} ${timeZone}`);
    }
  }
  return QuietHoursGate;
}
