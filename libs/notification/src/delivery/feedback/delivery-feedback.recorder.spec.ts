import type { MetricLabels } from '@herald/contracts';
import { MemoryDeliveryStore } from '../stores/memory-delivery.store.js';
import { DELIVERY_FEEDBACK_METRIC, DELIVERY_UPDATED_EVENT } from './delivery-feedback.events.js';
import { DeliveryFeedbackRecorder } from './delivery-feedback.recorder.js';

describe('DeliveryFeedbackRecorder', () => {
  async function setup() {
    const store = new MemoryDeliveryStore();
    const emitted: Array<[string, any]> = [];
    const counted: Array<[string, number | undefined, MetricLabels | undefined]> = [];
    const metrics = {
      increment: (name: string, value?: number, tags?: MetricLabels) =>
        counted.push([name, value, tags]),
    } as any;
    const recorder = new DeliveryFeedbackRecorder(
      store,
      () => ({ emit: (event, payload) => emitted.push([event, payload]) }),
      metrics,
    );
    await store.create({
      id: 'dlv_1',
      channel: 'sms',
      backend: 'twilio',
      recipient: '+15551234567',
      notificationId: 'ntf_1',
    });
    await store.transition('dlv_1', 'sending');
    await store.transition('dlv_1', 'sent', { providerMessageId: 'SM1' });
    return { store, recorder, emitted, counted };
  }

  it('moves the record, emits notification.delivery.updated and counts once', async () => {
    const { store, recorder, emitted, counted } = await setup();
    const occurredAt = new Date('2026-01-02T03:04:05Z');
    const feedback = {
      channel: 'sms' as const,
      provider: 'twilio',
      providerMessageId: 'SM1',
      status: 'failed' as const,
      reason: '30003',
      occurredAt,
    };
    expect((await recorder.record(feedback)).result).toBe('updated');
    expect((await recorder.record(feedback)).result).toBe('unchanged');
    expect((await recorder.record({ ...feedback, status: 'delivered' })).result).toBe('unchanged');
    expect((await store.get('dlv_1'))?.status).toBe('failed');
    expect(emitted).toEqual([
      [
        DELIVERY_UPDATED_EVENT,
        {
          channel: 'sms',
          provider: 'twilio',
          providerMessageId: 'SM1',
          deliveryId: 'dlv_1',
          notificationId: 'ntf_1',
          recipient: '+15551234567',
          status: 'failed',
          previousStatus: 'sent',
          reason: '30003',
          occurredAt,
        },
      ],
    ]);
    expect(counted).toEqual([
      [DELIVERY_FEEDBACK_METRIC, 1, { channel: 'sms', provider: 'twilio', outcome: 'failed' }],
    ]);
  });

  it('answers unknown for a message id no record has', async () => {
    const { recorder, emitted } = await setup();
    const result = await recorder.record({
      channel: 'email',
      provider: 'sendgrid',
      providerMessageId: 'SM1',
      status: 'delivered',
    });
    expect(result.result).toBe('unknown');
    expect(emitted).toEqual([]);
  });
});
