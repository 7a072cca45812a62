import { Injectable, Logger, Module } from '@nestjs/common';
import { EventEmitterModule, OnEvent } from '@nestjs/event-emitter';
import {
  WEBHOOK_ENDPOINT_DISABLED_EVENT,
  type WebhookEndpointDisabledEvent,
} from '@herald/contracts';
import { ObservabilityModule } from '@herald/observability';
import {
  Notification,
  NotificationModule,
  Notifier,
  NotifierModule,
  NotifierService,
  WebhookEndpointsService,
  type ToWebhook,
} from '@herald/notification';

interface Tenant {
  id: string;
}

/** One event type per notification class; the payload is what the receiver gets as `data`. */
export class InvoicePaid extends Notification<Tenant> implements ToWebhook<Tenant> {
  constructor(private readonly invoice: { id: string; total: number }) {
    super();
  }

  via() {
    return ['webhook'];
  }
  toWebhook() {
    return {
      eventType: 'invoice.paid',
      payload: { invoiceId: this.invoice.id, total: this.invoice.total },
    };
  }
}

@Injectable()
export class Integrations {
  constructor(
    private readonly webhooks: WebhookEndpointsService,
    private readonly notifier: NotifierService,
  ) {}

  /** The tenant's settings page: the secret is shown once, here. */
  async connect(tenantId: string, url: string) {
    const { endpoint, secret } = await this.webhooks.register({
      owner: tenantId,
      url,
      eventTypes: ['invoice.paid', 'invoice.refunded'],
    });
    return { id: endpoint.id, secret };
  }

  /** A new secret now; the old one keeps signing for an hour while the receiver switches. */
  rotate(endpointId: string) {
    return this.webhooks.rotateSecret(endpointId, { graceMs: 3_600_000 });
  }

  /** To a tenant (not a user): route the recipient's `webhook` address to the tenant id. */
  invoicePaid(tenantId: string, invoice: { id: string; total: number }) {
    return this.notifier.notify(Notifier.route('webhook', tenantId), new InvoicePaid(invoice));
  }

  @OnEvent(WEBHOOK_ENDPOINT_DISABLED_EVENT)
  endpointDisabled(event: WebhookEndpointDisabledEvent) {
    // tell the tenant: their endpoint failed `consecutiveFailures` times in a row
    new Logger('Integrations').warn(
      `webhook endpoint ${event.endpointId} of ${event.owner} disabled: ${event.reason}`,
    );
  }
}

@Module({
  imports: [
    ObservabilityModule,
    EventEmitterModule.forRoot(),
    NotificationModule.forRoot({ delivery: { enabled: true, retryAttempts: 5 } }),
    NotifierModule.forRoot({
      webhooks: {
        failureThreshold: 5, // deliveries failing in a row before the endpoint is disabled
        timeoutMs: 10_000,
        rotationGraceMs: 86_400_000,
        // allowPrivateTargets: true, // development only: lets endpoints on 127.0.0.1, 10.x, localhost...
      },
    }),
  ],
  providers: [Integrations],
})
export class AppModule {}
