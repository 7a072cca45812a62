import type {
  FakeApnsServer,
  FakeFcmServer,
  FakeSendgridServer,
  FakeTwilioServer,
} from '@herald/notification/testing';

/** Backend entries (snake_case, as in YAML) pointing at the test kit's fake provider servers. */

/** SMS backend `twilio` (primary). */
export function twilioBackend(twilio: FakeTwilioServer) {
  return {
    name: 'twilio',
    primary: true,
    driver: 'twilio',
    twilio: {
      account_sid: twilio.accountSid,
      auth_token: twilio.authToken,
      from_number: '+15005550006',
      base_url: twilio.url,
    },
  };
}

/** Push backends `android` (FCM, primary), `ios` (APNs) and `web` (Web Push with `vapid`). */
export function pushBackends(
  fcm: FakeFcmServer,
  apns: FakeApnsServer,
  vapid: { publicKey: string; privateKey: string },
) {
  return [
    { name: 'android', primary: true, driver: 'fcm', fcm: fcm.driverConfig() },
    { name: 'ios', driver: 'apns', apns: apns.driverConfig() },
    {
      name: 'web',
      driver: 'webpush',
      webpush: {
        vapid_public_key: vapid.publicKey,
        vapid_private_key: vapid.privateKey,
        subject: 'mailto:ops@herald.test',
      },
    },
  ];
}

/** Mail backend `sendgrid`. */
export function sendgridBackend(sendgrid: FakeSendgridServer, primary = true) {
  return {
    name: 'sendgrid',
    primary,
    driver: 'sendgrid',
    from_email: 'noreply@herald.test',
    sendgrid: { api_key: sendgrid.apiKey, base_url: sendgrid.url },
  };
}
