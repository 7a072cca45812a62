import {
  HeraldConfigError,
  NamedMailerConfig,
  NamedPushConfig,
  NamedSMSConfig,
} from '@herald/contracts';
import { createMailerChannel } from './mailer/create-mailer-channel.js';
import { createPushChannel } from './push/create-push-channel.js';
import { createSmsChannel } from './sms/create-sms-channel.js';
import { DeliveryTelemetry } from './utils/delivery-telemetry.js';

/** Unvalidated configs built in code can still name a driver that does not exist. */
describe('create*Channel with an unknown driver', () => {
  const telemetry = new DeliveryTelemetry();

  it.each([
    [
      'sms',
      () => createSmsChannel(new NamedSMSConfig({ name: 'a', driver: 'nexmo' }), telemetry),
      'notification.sms_backends["a"].driver',
      '"twilio", "vonage", "log"',
    ],
    [
      'push',
      () => createPushChannel(new NamedPushConfig({ name: 'b', driver: 'pushy' }), telemetry),
      'notification.push_backends["b"].driver',
      '"fcm", "apns", "webpush", "log"',
    ],
    [
      'mail',
      () =>
        createMailerChannel(new NamedMailerConfig({ name: 'c', driver: 'mandrill' }), telemetry),
      'notification.mailer.backends["c"].driver',
      '"smtp", "sendgrid", "ses", "postmark", "mailgun", "resend", "log"',
    ],
  ])(
    '%s: a HeraldConfigError naming the backend, the value and the drivers',
    (_k, build, path, allowed) => {
      let error: unknown;
      try {
        build();
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(HeraldConfigError);
      expect((error as HeraldConfigError).problems[0].path).toBe(path);
      expect((error as Error).message).toContain(`must be one of ${allowed}`);
    },
  );
});
