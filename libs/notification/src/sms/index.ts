/** SMS: channels, drivers and their factory. */
export { SmsChannel } from './sms-channel';
export type { SmsProviderDriver, SmsDriverResult } from './sms-driver.interface';
export { createSmsChannel, createSmsDriver } from './create-sms-channel';
export { TwilioSmsDriver } from './drivers/twilio/twilio-sms.driver';
export { LogSmsDriver } from './drivers/log/log-sms.driver';
export { SMS_OPT_OUT_EVENT, SMS_OPT_IN_EVENT, type SmsOptOutEvent } from './sms-opt-out.events';
