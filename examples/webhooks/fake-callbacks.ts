import {
  FakeSendgridServer,
  FakeTwilioServer,
  FakeVonageServer,
} from '@herald/notification/testing';

/**
 * The fake servers send the real signed callbacks to your app at `appUrl`. Configure the app
 * with the fakes: the Twilio backend's statusCallbackUrl `<appUrl>/webhooks/twilio/status`,
 * NotificationWebhooksModule's `sendgrid: { publicKey: sendgrid.webhookPublicKey }`, and the Vonage
 * backend's statusCallbackUrl `<appUrl>/webhooks/vonage/dlr` with
 * `vonage: { signatureSecret: vonage.signatureSecret }`.
 */
export async function playReports(appUrl: string) {
  const twilio = await new FakeTwilioServer().start();
  // ... send an SMS through the app, then:
  await twilio.sendStatusCallback(twilio.sids[0], 'undelivered', { errorCode: 30003 });

  const sendgrid = await new FakeSendgridServer().start();
  sendgrid.eventWebhookUrl = `${appUrl}/webhooks/sendgrid/events`;
  // ... send a mail through the app, then:
  await sendgrid.sendEvents([sendgrid.event(sendgrid.messageIds[0], 'spamreport')]);
  // and the bad ones: { tamperBody }, { signWith: otherKey }, { omitSignature: true }, { timestamp: old }

  const vonage = await new FakeVonageServer().start();
  // ... send an SMS through the Vonage backend, then (signed with vonage.signatureSecret, sha256):
  await vonage.sendDeliveryReceipt(vonage.messageIds[0], 'failed', { errCode: 6 });

  await twilio.stop();
  await sendgrid.stop();
  await vonage.stop();
}
