import type { MailerProtocol, SMSChannelProtocol } from '@herald/contracts';
import {
  DeliveryService,
  Mailable,
  MemoryDeliveryStore,
  ReliableSmsChannel,
  RetryingMailer,
} from '@herald/notification';

/** Retries, failover and records around mailers you built yourself. */
export async function welcome(smtpMailer: MailerProtocol, sendgridMailer: MailerProtocol) {
  const store = new MemoryDeliveryStore();
  const mailer = new RetryingMailer(smtpMailer, {
    policy: { attempts: 3 },
    fallbacks: [sendgridMailer],
    store,
  });
  const { deliveryId } = await mailer.send(
    new Mailable().to('ada@example.com').subject('Welcome').text('Hi Ada'),
  );
  return store.get(deliveryId); // status, attempts, backend, lastError, ...
}

/**
 * In Nest: import DeliveryModule.forRoot({ enabled: true, store: 'database' }), inject
 * DeliveryService, register your channels, then send through a reliable wrapper.
 */
export function reliableSms(
  service: DeliveryService,
  myChannel: SMSChannelProtocol,
  myFallback: SMSChannelProtocol,
) {
  service.register('sms', myChannel).register('sms', myFallback);
  return new ReliableSmsChannel(service, [myChannel.name, myFallback.name]);
}
