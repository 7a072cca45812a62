import type { TestingModule } from '@nestjs/testing';
import { InboxService } from '../../inbox/inbox.service.js';
import { notifierTestApp } from '../__fixtures__/notifier-test-app.js';
import { TimingRuleError } from '../errors/timing-rule.error.js';
import type { GateContext } from '../gates/notification-gate.interface.js';
import { Notification } from '../notification.js';
import { NotifierService } from '../notifier.service.js';
import { quietHoursGate } from './quiet-hours.gate.js';
import { windowEnd } from './quiet-hours.util.js';

const at = (iso: string) => Date.parse(iso);
const night = { startMin: 22 * 60, endMin: 7 * 60 };

describe('windowEnd (quiet hours in a time zone)', () => {
  it('finds the end of a window spanning midnight, in the given zone', () => {
    // 23:30 in Paris (UTC+1 in winter) → 07:00 Paris = 06:00 UTC
    expect(windowEnd(night, at('2026-01-10T22:30:00Z'), 'Europe/Paris')).toBe(
      at('2026-01-11T06:00:00Z'),
    );
    // 02:15 in New York (UTC-5) → 07:00 = 12:00 UTC the same day
    expect(windowEnd(night, at('2026-01-10T07:15:00Z'), 'America/New_York')).toBe(
      at('2026-01-10T12:00:00Z'),
    );
    // 12:00 in Paris is outside
    expect(windowEnd(night, at('2026-01-10T11:00:00Z'), 'Europe/Paris')).toBeUndefined();
    // the same instant is quiet in Tokyo (21:00 UTC = 06:00 JST)
    expect(windowEnd(night, at('2026-01-10T21:00:00Z'), 'Asia/Tokyo')).toBe(
      at('2026-01-10T22:00:00Z'),
    );
  });

  it('keeps local 07:00 across a daylight-saving change inside the window', () => {
    // Paris springs forward on 2026-03-29 at 02:00; 23:00 local (22:00 UTC) → 07:00 CEST = 05:00 UTC
    expect(windowEnd(night, at('2026-03-28T22:00:00Z'), 'Europe/Paris')).toBe(
      at('2026-03-29T05:00:00Z'),
    );
  });

  it('handles a window within one day', () => {
    expect(
      windowEnd({ startMin: 12 * 60, endMin: 14 * 60 }, at('2026-01-10T13:59:30Z'), 'UTC'),
    ).toBe(at('2026-01-10T14:00:00Z'));
  });
});

class Digest extends Notification {
  constructor(
    override readonly critical = false,
    readonly title = critical ? 'Outage' : 'Weekly',
  ) {
    super();
  }
  via() {
    return ['inbox'];
  }
  toInbox() {
    return { title: this.title, body: 'b' };
  }
}

describe('quietHoursGate', () => {
  const ctx = (iso: string, timeZone?: string, critical = false): GateContext => ({
    notification: { id: 'n', type: 'T', category: 'c', critical },
    recipient: { id: 'u', timeZone },
    channel: 'sms',
    address: '+1',
    now: at(iso),
    stage: 'notify',
  });

  it('defers to the recipient-zone window end, lets critical and other hours through', () => {
    const Gate = quietHoursGate({ start: '22:00', end: '07:00', timeZone: 'Europe/Paris' });
    const gate = new Gate();
    expect(gate.check!(ctx('2026-01-10T22:30:00Z'))).toEqual({
      action: 'defer',
      untilMs: at('2026-01-11T06:00:00Z'),
      reason: 'quiet hours 22:00-07:00 Europe/Paris',
    });
    // same instant, a recipient in New York (17:30) is awake
    expect(gate.check!(ctx('2026-01-10T22:30:00Z', 'America/New_York'))).toEqual({
      action: 'allow',
    });
    expect(gate.check!(ctx('2026-01-10T22:30:00Z', undefined, true))).toEqual({ action: 'allow' });
  });

  it('uses a per-recipient window or none, and limits itself to the given channels', () => {
    const Gate = quietHoursGate({
      start: '22:00',
      end: '07:00',
      channels: ['push'],
      forRecipient: (r) => (r.id === 'owl' ? null : { start: '20:00', end: '06:00' }),
    });
    const gate = new Gate();
    expect(gate.check!(ctx('2026-01-10T21:00:00Z'))).toEqual({ action: 'allow' }); // sms
    const push = { ...ctx('2026-01-10T21:00:00Z'), channel: 'push' };
    expect(gate.check!(push)).toMatchObject({
      action: 'defer',
      untilMs: at('2026-01-11T06:00:00Z'),
    });
    expect(gate.check!({ ...push, recipient: { id: 'owl' } })).toEqual({ action: 'allow' });
  });

  it('rejects bad options with a typed error naming the field', () => {
    expect(() => quietHoursGate({ start: '25:00', end: '07:00' })).toThrow(TimingRuleError);
    expect(() => quietHoursGate({ start: '22:00', end: '7' })).toThrow(
      /quietHoursGate.end must be a time "HH:MM".*got "7"/,
    );
    expect(() =>
      quietHoursGate({ start: '22:00', end: '07:00', timeZone: 'Mars/Olympus' }),
    ).toThrow(/quietHoursGate.timeZone must be an IANA time zone.*Mars\/Olympus/);
    expect(() => quietHoursGate({ start: '22:00', end: '22:00' })).toThrow(
      /must differ from start/,
    );
  });

  describe('in the notifier (inline timers, fake clock)', () => {
    let app: TestingModule;
    afterEach(async () => {
      await app.close();
      jest.useRealTimers();
    });

    it('holds a non-critical notification until 07:00 in the recipient zone; critical goes now', async () => {
      jest.useFakeTimers({
        now: at('2026-01-10T22:30:00Z'), // 23:30 in Paris
        doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'],
      });
      app = await notifierTestApp(
        { inlineTimers: true },
        { gates: [quietHoursGate({ start: '22:00', end: '07:00' })] },
      );
      const notifier = app.get(NotifierService);
      const inbox = app.get(InboxService);
      const user = { id: 'u-paris', timeZone: 'Europe/Paris' };
      const held = await notifier.notify(user, new Digest());
      expect(held.deliveries).toEqual([
        expect.objectContaining({
          channel: 'inbox',
          status: 'deferred',
          reason: 'quiet hours 22:00-07:00 Europe/Paris',
        }),
      ]);
      await notifier.notify(user, new Digest(true));
      const dropped = await notifier.notify(user, new Digest(false, 'Cancelled'));
      expect(await notifier.cancel(dropped.notificationId)).toBe(true);
      expect((await notifier.get(dropped.notificationId))?.status).toBe('cancelled');
      expect((await inbox.getInbox(user.id)).notifications.map((m) => m.title)).toEqual(['Outage']);
      await jest.advanceTimersByTimeAsync(at('2026-01-11T06:00:00Z') - Date.now() - 1000);
      expect((await inbox.getInbox(user.id)).notifications).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(1000);
      expect((await inbox.getInbox(user.id)).notifications.map((m) => m.title).sort()).toEqual([
        'Outage',
        'Weekly',
      ]);
      expect(await notifier.deliveries(held.notificationId)).toEqual([
        expect.objectContaining({ channel: 'inbox', status: 'sent' }),
      ]);
    });
  });
});
