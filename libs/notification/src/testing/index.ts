/**
 * @herald/notification/testing: what you need to test an app that sends
 * notifications. Fake provider servers that speak the real wire protocols on
 * 127.0.0.1 (with failure injection, delays, dead tokens and a record of what
 * they received), and in-memory channels to bind in place of the real ones.
 */
export {
  FakeProviderServer,
  type ReceivedRequest,
  type FakeResponse,
  type InjectedFailure,
} from './servers/fake-provider-server.js';
export { type FakeServerStartOptions } from './servers/listen-on-loopback.util.js';
export {
  FakeTwilioServer,
  type FakeTwilioOptions,
  type TwilioCallbackStatus,
  type TwilioCallbackOptions,
  type TwilioInboundSms,
} from './servers/fake-twilio.server.js';
export {
  FakeVonageServer,
  type FakeVonageOptions,
  type VonageReceiptStatus,
  type VonageReceiptOptions,
} from './servers/fake-vonage.server.js';
export { type CallbackResponse, type CallbackTampering } from './servers/post-callback.util.js';
export {
  FakeSlackServer,
  type SlackReceived,
  type FakeSlackOptions,
} from './servers/fake-slack.server.js';
export { FakeDiscordServer, type DiscordReceived } from './servers/fake-discord.server.js';
export { FakeTelegramServer, type TelegramReceived } from './servers/fake-telegram.server.js';
export { FakeTeamsServer, type TeamsReceived } from './servers/fake-teams.server.js';
export { FakeFcmServer } from './servers/fake-fcm.server.js';
export { FakeApnsServer, type ApnsReceived } from './servers/fake-apns.server.js';
export { FakeWebPushServer, type WebPushDelivery } from './servers/fake-web-push.server.js';
export {
  FakeSendgridServer,
  type SendgridEventType,
  type SendgridWebhookEvent,
  type SendgridCallbackOptions,
} from './servers/fake-sendgrid.server.js';
export {
  FakeSesServer,
  type SesEventType,
  type SnsCallbackOptions,
} from './servers/fake-ses.server.js';
export {
  FakePostmarkServer,
  type PostmarkRecordType,
  type PostmarkCallbackOptions,
} from './servers/fake-postmark.server.js';
export {
  FakeMailgunServer,
  type MailgunEventType,
  type MailgunCallbackOptions,
  type MailgunReceivedMessage,
} from './servers/fake-mailgun.server.js';
export { type ReceivedFormPart } from './servers/multipart-form-parser.util.js';
export {
  FakeResendServer,
  type ResendEventType,
  type ResendCallbackOptions,
} from './servers/fake-resend.server.js';
export {
  decryptAes128gcm,
  createSubscriptionKeys,
  verifyVapid,
} from './servers/web-push-crypto.util.js';
export {
  createSelfSignedCertificate,
  type SelfSignedCertificate,
} from './servers/self-signed-certificate.js';
export { InMemoryChannel } from '../memory/in-memory-channel.js';
export { InMemorySmsChannel } from '../memory/in-memory-sms-channel.js';
export { InMemoryPushChannel } from '../memory/in-memory-push-channel.js';
export { InMemoryMailer } from '../memory/in-memory-mailer.js';
export { InMemoryChatChannel } from '../memory/in-memory-chat-channel.js';
