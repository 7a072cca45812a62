import type { TracerProtocol } from '@herald/contracts';
import type { DeliveryService } from '../delivery/reliable/delivery.service.js';
import type { NotifierChannelRegistry } from './channels/notifier-channel.registry.js';
import type { ChatAddressService } from './devices/chat-address.service.js';
import type { DeviceTokenService } from './devices/device-token.service.js';
import type { NotifierMetrics } from './notifier.metrics.js';
import type { NotifierSetup } from './notifier-setup.util.js';
import type { NotifierScheduler } from './queue/notifier-job.interface.js';
import type { WebhookEndpointsService } from './webhooks/webhook-endpoints.service.js';
import type { WebhookSender } from './webhooks/webhook-sender.js';

/** What one notifier is built from (internal: `NOTIFIER_PARTS`). */
export interface NotifierParts {
  setup: NotifierSetup;
  delivery: DeliveryService;
  channels: NotifierChannelRegistry;
  metrics: NotifierMetrics;
  deviceTokens: DeviceTokenService;
  chatAddresses?: ChatAddressService;
  webhooks: { endpoints: WebhookEndpointsService; sender: WebhookSender };
  scheduler?: NotifierScheduler;
  tracer?: TracerProtocol;
}
