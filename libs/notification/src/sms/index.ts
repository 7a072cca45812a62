/** SMS: channels, drivers and their factory. */
export { SmsChannel } from './sms-channel';
export type { SmsProviderDriver, SmsDriverResult } from './sms-driver.interface';
export { createSmsChannel, createSmsDriver } from './create-sms-channel';
export { TwilioSmsDriver } from './drivers/twilio/twilio-sms.driver';
export { LogSmsDriver } from './drivers/log/log-sms.driver';
