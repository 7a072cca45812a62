/** The snooze presets, in local time: in one hour, tomorrow at 9:00, next Monday at 9:00. */
export type SnoozePreset = 'hour' | 'tomorrow' | 'week';

export function snoozePresetTime(preset: SnoozePreset, now: Date): Date {
  if (preset === 'hour') return new Date(now.getTime() + 3_600_000);
  const at = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 9, 0, 0, 0);
  // tomorrow: the next day; next week: the next Monday (7 days ahead on a Monday)
  const days = preset === 'tomorrow' ? 1 : (8 - now.getDay()) % 7 || 7;
  at.setDate(at.getDate() + days);
  return at;
}

/**
 * The value of a `datetime-local` input as a Date, or `null` when it is empty,
 * not a date or not in the future.
 */
export function parseCustomSnooze(value: string, now: Date): Date | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?$/.test(value)) return null;
  const date = new Date(value); // no zone: local time, like the input
  if (Number.isNaN(date.getTime()) || date.getTime() <= now.getTime()) return null;
  return date;
}

/** `yyyy-MM-ddTHH:mm` in local time, for the input's `min` and default value. */
export function toLocalInput(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}T${p(date.getHours())}:${p(date.getMinutes())}`;
}
