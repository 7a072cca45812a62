/** SMS: channels, drivers and their factory. */
export { SmsChannel } from './sms-channel.js';
export type { SmsProviderDriver, SmsDriverResult } from './sms-driver.interface.js';
export { createSmsChannel, createSmsDriver } from './create-sms-channel.js';
export { TwilioSmsDriver } from './drivers/twilio/twilio-sms.driver.js';
export { LogSmsDriver } from './drivers/log/log-sms.driver.js';
export { SMS_OPT_OUT_EVENT, SMS_OPT_IN_EVENT, type SmsOptOutEvent } from './sms-opt-out.events.js';
