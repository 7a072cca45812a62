import type { GateContext, NotificationDescriptor } from '../gates/notification-gate.interface.js';
import { runGates } from '../gates/run-gates.util.js';
import { MemoryNotificationPreferenceStore } from './memory-notification-preference.store.js';
import type { NotificationPreferenceStore } from './notification-preference-store.protocol.js';
import { PreferenceGate } from './preference.gate.js';

const notification = (over: Partial<NotificationDescriptor> = {}): NotificationDescriptor => ({
  id: 'ntf_1',
  type: 'OrderShipped',
  category: 'orders',
  critical: false,
  ...over,
});

const ctx = (
  channel: string,
  id: string | undefined,
  n: NotificationDescriptor = notification(),
): GateContext => ({
  notification: n,
  recipient: id === undefined ? { routes: { [channel]: 'x@example.com' } } : { id },
  channel,
  address: id ?? 'x@example.com',
  now: 0,
  stage: 'notify',
});

/** Counts the store reads the gate makes. */
class CountingStore extends MemoryNotificationPreferenceStore {
  reads = 0;
  override listFor(...args: Parameters<NotificationPreferenceStore['listFor']>) {
    this.reads++;
    return super.listFor(...args);
  }
}

describe('PreferenceGate', () => {
  const setup = async () => {
    const store = new CountingStore();
    await store.set({ userId: 'out', category: 'orders', channel: 'mail', enabled: false });
    await store.set({ userId: 'in', category: 'orders', channel: 'mail', enabled: true });
    await store.set({ userId: 'other', category: 'billing', channel: 'mail', enabled: false });
    return { store, gate: new PreferenceGate(store) };
  };

  it('suppresses a channel the user turned off for the category, naming the preference; one read for all', async () => {
    const { store, gate } = await setup();
    const decisions = await gate.checkMany([
      ctx('mail', 'out'),
      ctx('sms', 'out'),
      ctx('mail', 'in'),
      ctx('mail', 'other'),
      ctx('mail', 'nobody'),
    ]);
    expect(decisions).toEqual([
      {
        action: 'suppress',
        status: 'suppressed',
        reason: 'preference: the user turned mail off for category "orders"',
      },
      { action: 'allow' },
      { action: 'allow' },
      { action: 'allow' },
      { action: 'allow' },
    ]);
    expect(store.reads).toBe(1);
  });

  it('keeps a channel that is off by default off until the user turns it on', async () => {
    const { gate } = await setup();
    const optIn = notification({ defaultPreferences: { mail: false } });
    const decisions = await gate.checkMany([
      ctx('mail', 'in', optIn),
      ctx('mail', 'nobody', optIn),
      ctx('inbox', 'nobody', optIn),
    ]);
    expect(decisions).toEqual([
      { action: 'allow' },
      {
        action: 'suppress',
        status: 'suppressed',
        reason:
          'preference: mail is off by default for category "orders" (OrderShipped) and the user has not turned it on',
      },
      { action: 'allow' },
    ]);
  });

  it('lets critical notifications and on-demand recipients through without reading the store', async () => {
    const { store, gate } = await setup();
    const critical = notification({ critical: true, defaultPreferences: { mail: false } });
    const decisions = await gate.checkMany([
      ctx('mail', 'out', critical),
      ctx('mail', 'nobody', critical),
      ctx('mail', undefined),
    ]);
    expect(decisions).toEqual([{ action: 'allow' }, { action: 'allow' }, { action: 'allow' }]);
    expect(store.reads).toBe(0);
  });

  it('runs as a gate among others: what it suppresses, later gates never see', async () => {
    const { gate } = await setup();
    const seen: string[] = [];
    const decisions = await runGates(
      [
        gate,
        {
          name: 'spy',
          check: (c) => {
            seen.push(`${c.recipient.id}:${c.channel}`);
            return { action: 'allow' };
          },
        },
      ],
      [ctx('mail', 'out'), ctx('inbox', 'out')],
    );
    expect(decisions.map((d) => d.action)).toEqual(['suppress', 'allow']);
    expect(seen).toEqual(['out:inbox']);
  });
});
