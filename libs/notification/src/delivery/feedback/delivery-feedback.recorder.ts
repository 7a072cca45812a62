import type { MetricsCollectorProtocol } from '@herald/contracts';
import type { EventSink } from '../../utils/lazy-event-emitter.util.js';
import { DELIVERY_TRANSITIONS, type DeliveryRecord } from '../records/delivery-record.js';
import { DeliveryStateError } from '../records/delivery-state.error.js';
import type { DeliveryStore } from '../stores/delivery-store.protocol.js';
import { normalizeChannel } from '../records/normalize-channel.util.js';
import {
  DELIVERY_FEEDBACK_METRIC,
  DELIVERY_UPDATED_EVENT,
  type DeliveryFeedback,
  type DeliveryFeedbackResult,
  type DeliveryUpdatedEvent,
} from './delivery-feedback.events.js';

/**
 * Applies provider feedback to delivery records. The store's conditional
 * transition is the deduplication: the same event twice (or from two
 * processes at once) moves the record once, so it is counted and emitted
 * once; an event the order of statuses forbids (`delivered` after `bounced`)
 * is ignored.
 */
export class DeliveryFeedbackRecorder {
  constructor(
    private readonly store: DeliveryStore,
    private readonly events: () => EventSink | undefined = () => undefined,
    private readonly metrics?: MetricsCollectorProtocol,
  ) {}

  async record(
    feedback: DeliveryFeedback,
  ): Promise<{ result: DeliveryFeedbackResult; record?: DeliveryRecord }> {
    const channel = normalizeChannel(feedback.channel);
    const current = await this.store.findByProviderMessageId(feedback.providerMessageId, channel);
    if (!current) return { result: 'unknown' };
    if (!DELIVERY_TRANSITIONS[current.status].includes(feedback.status))
      return { result: 'unchanged', record: current };
    const occurredAt = feedback.occurredAt ?? new Date();
    let moved: DeliveryRecord;
    try {
      moved = await this.store.transition(current.id, feedback.status, {
        providerStatusAt: occurredAt,
        providerReason: feedback.reason,
      });
    } catch (error) {
      // another process applied the same (or a worse) status first
      if (error instanceof DeliveryStateError) return { result: 'unchanged', record: current };
      throw error;
    }
    this.metrics?.increment(DELIVERY_FEEDBACK_METRIC, 1, {
      channel,
      provider: feedback.provider,
      outcome: feedback.status,
    });
    const event: DeliveryUpdatedEvent = {
      channel,
      provider: feedback.provider,
      providerMessageId: feedback.providerMessageId,
      deliveryId: moved.id,
      notificationId: moved.notificationId,
      recipient: moved.recipient,
      status: feedback.status,
      previousStatus: current.status,
      reason: feedback.reason,
      occurredAt,
    };
    this.events()?.emit(DELIVERY_UPDATED_EVENT, event);
    return { result: 'updated', record: moved };
  }
}
