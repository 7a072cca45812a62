import type { MailerConfig, NotificationConfig } from '@herald/contracts';
import type { MailerRegistry } from '../mailer/mailer.registry';
import type { NotificationChannelRegistry } from '../notification-channels.registry';
import type { DeliveryConfig } from './delivery-settings.util';
import { ReliableMailer } from './reliable/reliable-mailer';
import { ReliablePushChannel, ReliableSmsChannel } from './reliable/reliable-channels';
import type { DeliveryService } from './reliable/delivery.service';

/**
 * When `notification.delivery.enabled`, replaces each configured SMS and push
 * backend in `registry` by its reliable wrapper (retries, failover to the
 * backend's `fallbacks`, circuit breakers, records), keeping name and primary
 * flag, so every injection token hands out the wrapper. The raw channels are
 * registered in `service` for the wrappers and the queue workers.
 */
export function applyReliableDelivery(
  registry: NotificationChannelRegistry,
  config: NotificationConfig,
  service?: DeliveryService,
): NotificationChannelRegistry {
  if (!service || !config.delivery?.enabled) return registry;
  for (const backend of config.smsBackends) service.register('sms', registry.sms(backend.name));
  for (const backend of config.pushBackends) service.register('push', registry.push(backend.name));
  for (const backend of config.smsBackends) {
    const chain = [backend.name, ...(backend.fallbacks ?? [])];
    registry.addSms(new ReliableSmsChannel(service, chain), backend.primary);
  }
  for (const backend of config.pushBackends) {
    const chain = [backend.name, ...(backend.fallbacks ?? [])];
    registry.addPush(new ReliablePushChannel(service, chain), backend.primary);
  }
  return registry;
}

/** Same for a `MailerRegistry` and `notification.mailer.backends` (for `MailerModule`). */
export function applyReliableDeliveryToMailers(
  registry: MailerRegistry,
  backends: MailerConfig['backends'],
  delivery: DeliveryConfig | undefined,
  service?: DeliveryService,
): MailerRegistry {
  if (!service || !delivery?.enabled) return registry;
  for (const backend of backends) service.register('email', registry.get(backend.name));
  for (const backend of backends) {
    const chain = [backend.name, ...(backend.fallbacks ?? [])];
    registry.add(new ReliableMailer(service, chain), backend.primary);
  }
  return registry;
}
