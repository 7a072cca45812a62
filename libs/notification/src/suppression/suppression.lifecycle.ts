import {
  Inject,
  Injectable,
  Optional,
  type OnApplicationShutdown,
  type OnModuleInit,
} from '@nestjs/common';
import { ModuleRef } from '@nestjs/core';
import type { DeliveryGuard } from '../delivery/reliable/delivery-guard.js';
import { DeliveryService } from '../delivery/reliable/delivery.service.js';
import { lazyEventEmitter } from '../utils/lazy-event-emitter.util.js';
import { DELIVERY_UPDATED_EVENT } from '../delivery/feedback/delivery-feedback.events.js';
import { SMS_OPT_IN_EVENT, SMS_OPT_OUT_EVENT } from '../sms/sms-opt-out.events.js';
import { MAIL_UNSUBSCRIBED_EVENT } from '../mailer/mail-unsubscribe.events.js';
import { SUPPRESSION_GUARDS } from './suppression.constants.js';
import { SuppressionFeedback } from './suppression-feedback.js';

interface Subscribable {
  on(event: string, listener: (payload: any) => unknown): unknown;
  off(event: string, listener: (payload: any) => unknown): unknown;
}

/**
 * Wires the suppression list in at module init: its guards into reliable
 * delivery (every direct and notifier send), the dead-push-token observer,
 * and the listeners of the status-webhook events; undone at shutdown.
 */
@Injectable()
export class SuppressionLifecycle implements OnModuleInit, OnApplicationShutdown {
  private readonly stops: Array<() => void> = [];

  constructor(
    private readonly feedback: SuppressionFeedback,
    @Inject(SUPPRESSION_GUARDS) private readonly guards: DeliveryGuard[],
    private readonly moduleRef: ModuleRef,
    @Optional() private readonly delivery?: DeliveryService,
  ) {}

  onModuleInit(): void {
    // With reliable delivery off, the registries wrap direct sends (SuppressionDirectSends).
    if (this.delivery) {
      for (const guard of this.guards) this.stops.push(this.delivery.guard(guard));
      this.stops.push(this.delivery.engine.observe(this.feedback));
    }
    const emitter = lazyEventEmitter(
      this.moduleRef,
      'SuppressionModule',
      'the suppression list listeners',
    )() as unknown as Subscribable | undefined;
    if (!emitter?.on) return;
    const listen = (event: string, listener: (payload: any) => unknown) => {
      emitter.on(event, listener);
      this.stops.push(() => emitter.off(event, listener));
    };
    listen(DELIVERY_UPDATED_EVENT, (e) => this.feedback.onDeliveryUpdated(e));
    listen(SMS_OPT_OUT_EVENT, (e) => this.feedback.onSmsOptedOut(e));
    listen(SMS_OPT_IN_EVENT, (e) => this.feedback.onSmsOptedIn(e));
    listen(MAIL_UNSUBSCRIBED_EVENT, (e) => this.feedback.onMailUnsubscribed(e));
  }

  onApplicationShutdown(): void {
    this.stops.splice(0).forEach((stop) => stop());
  }
}
