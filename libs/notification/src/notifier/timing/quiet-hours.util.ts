import { TimingRuleError } from '../errors/timing-rule.error.js';

const DAY_MIN = 24 * 60;
const formats = new Map<string, Intl.DateTimeFormat>();

/** `'22:00'` → minutes after midnight; typed error for anything else. */
export function parseClock(value: unknown, field: string): number {
  const match = typeof value === 'string' ? /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value) : null;
  if (!match)
    throw new TimingRuleError(
      field,
      `must be a time "HH:MM" from 00:00 to 23:59 (got ${JSON.stringify(value)})`,
    );
  return Number(match[1]) * 60 + Number(match[2]);
}

/** Whether `timeZone` is an IANA time zone this runtime knows. */
export function isTimeZone(timeZone: unknown): timeZone is string {
  if (typeof timeZone !== 'string' || timeZone === '') return false;
  try {
    formatFor(timeZone);
    return true;
  } catch {
    return false;
  }
}

function formatFor(timeZone: string): Intl.DateTimeFormat {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    formats.set(timeZone, format);
  }
  return format;
}

/** The wall-clock time in `timeZone` at `at`, read as if it were UTC (epoch ms). */
function wallClock(at: number, timeZone: string): number {
  const parts: Record<string, number> = {};
  for (const { type, value } of formatFor(timeZone).formatToParts(at))
    if (type !== 'literal') parts[type] = Number(value);
  const ms = ((at % 1000) + 1000) % 1000;
  return Date.UTC(
    parts.year,
    parts.month - 1,
    parts.day,
    parts.hour,
    parts.minute,
    parts.second,
    ms,
  );
}

/** A daily window of local time, `start` inclusive, `end` exclusive (may span midnight). */
export interface ClockWindow {
  startMin: number;
  endMin: number;
}

/**
 * When the window containing `now` ends in `timeZone` (epoch ms), or
 * `undefined` when `now` is outside it. The end is found on the local clock
 * and corrected for a change of UTC offset in between (daylight saving).
 */
export function windowEnd(window: ClockWindow, now: number, timeZone: string): number | undefined {
  const local = wallClock(now, timeZone);
  const minute = Math.floor((((local % 86_400_000) + 86_400_000) % 86_400_000) / 60_000);
  const { startMin, endMin } = window;
  const inside =
    startMin < endMin
      ? minute >= startMin && minute < endMin
      : minute >= startMin || minute < endMin;
  if (!inside) return undefined;
  const sinceMinute = local % 60_000;
  const ahead = ((endMin - minute + DAY_MIN) % DAY_MIN) * 60_000 - sinceMinute;
  const guess = now + ahead;
  const shift = local - now - (wallClock(guess, timeZone) - guess);
  return guess + shift;
}
