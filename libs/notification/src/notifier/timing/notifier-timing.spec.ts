import { MemoryDeliveryStore } from '../../delivery/stores/memory-delivery.store.js';
import type { NotificationRecord } from '../records/notification-record.js';
import type { NotifierScheduler } from '../queue/notifier-job.interface.js';
import { NotifierTiming, type NotifierTimingDeps } from './notifier-timing.js';
import { TimerNotifierScheduler } from './timer-notifier.scheduler.js';

const record = (deliveries: number): NotificationRecord => ({
  id: 'ntf_1',
  type: 'T',
  category: 'c',
  critical: false,
  status: 'dispatched',
  recipients: 1,
  deliveries,
  createdAt: new Date(),
  updatedAt: new Date(),
});

describe('NotifierTiming.cancelPending', () => {
  let scheduler: TimerNotifierScheduler;
  afterEach(() => scheduler.close());

  it('suppresses queued deliveries, removes escalation jobs, notices deferred ones, leaves sent ones', async () => {
    const deliveries = new MemoryDeliveryStore();
    scheduler = new TimerNotifierScheduler();
    const job = { kind: 'escalation' as const, plan: { notification: record(0), recipients: [] } };
    await scheduler.schedule('ntf_1.e0', job, Date.now() + 60_000);
    await scheduler.schedule('ntf_1.e1', job, Date.now() + 90_000);
    for (const [id, channel] of [
      ['d1', 'sms'],
      ['d2', 'mail'],
    ])
      await deliveries.create({
        id,
        channel,
        backend: 'x',
        recipient: 'r',
        notificationId: 'ntf_1',
      });
    await deliveries.transition('d1', 'sending');
    await deliveries.transition('d1', 'sent');
    const timing = new NotifierTiming({
      deliveries,
      scheduler: scheduler as NotifierScheduler,
    } as unknown as NotifierTimingDeps);
    // 2 records written, 3 counted: one deferred delivery is still waiting
    const parts = await timing.cancelPending(record(3));
    expect(parts.sort()).toEqual(['-', '-', '-', 'mail']);
    expect(await deliveries.get('d2')).toMatchObject({
      status: 'suppressed',
      lastError: 'cancelled with NotifierService.cancel()',
    });
    expect((await deliveries.get('d1'))?.status).toBe('sent');
    expect(scheduler.pending()).toEqual([]);
    expect(await timing.cancelPending(record(2))).toEqual([]);
  });
});
