import { parseCustomSnooze, snoozePresetTime, toLocalInput } from './snooze.util.js';

describe('snooze presets', () => {
  // Wednesday 2026-11-25 14:30 local time
  const wednesday = new Date(2026, 10, 25, 14, 30);

  it('one hour is sixty minutes from now', () => {
    expect(snoozePresetTime('hour', wednesday).getTime() - wednesday.getTime()).toBe(3_600_000);
  });

  it('tomorrow is the next day at 9:00 local time, also across a month end', () => {
    expect(toLocalInput(snoozePresetTime('tomorrow', wednesday))).toBe('2026-11-26T09:00');
    expect(toLocalInput(snoozePresetTime('tomorrow', new Date(2026, 10, 30, 23, 59)))).toBe(
      '2026-12-01T09:00',
    );
  });

  it('next week is the next Monday at 9:00, a full week ahead on a Monday', () => {
    expect(toLocalInput(snoozePresetTime('week', wednesday))).toBe('2026-11-30T09:00');
    expect(toLocalInput(snoozePresetTime('week', new Date(2026, 10, 29, 8)))).toBe(
      '2026-11-30T09:00',
    ); // Sunday
    expect(toLocalInput(snoozePresetTime('week', new Date(2026, 10, 30, 8)))).toBe(
      '2026-12-07T09:00',
    ); // Monday
  });
});

describe('custom snooze time', () => {
  const now = new Date(2026, 10, 25, 14, 30);

  it('accepts a future local date-time', () => {
    expect(parseCustomSnooze('2026-11-25T15:00', now)?.getTime()).toBe(
      new Date(2026, 10, 25, 15).getTime(),
    );
  });

  it.each([
    '',
    'tomorrow',
    '2026-11-25',
    '2026-11-25T14:30',
    '2026-11-24T15:00',
    '2026-13-40T99:99',
  ])('refuses %j (empty, not a date-time, or not in the future)', (value) => {
    expect(parseCustomSnooze(value, now)).toBeNull();
  });
});
