import type { TracerProtocol } from '@herald/contracts';
import type { DeliveryService } from '../delivery/reliable/delivery.service';
import type { NotifierChannelRegistry } from './channels/notifier-channel.registry';
import type { DeviceTokenService } from './devices/device-token.service';
import type { NotifierMetrics } from './notifier.metrics';
import type { NotifierSetup } from './notifier-setup.util';
import type { NotifierScheduler } from './queue/notifier-job.interface';

/** What one notifier is built from (internal: `NOTIFIER_PARTS`). */
export interface NotifierParts {
  setup: NotifierSetup;
  delivery: DeliveryService;
  channels: NotifierChannelRegistry;
  metrics: NotifierMetrics;
  deviceTokens: DeviceTokenService;
  scheduler?: NotifierScheduler;
  tracer?: TracerProtocol;
}
