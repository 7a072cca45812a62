/** SMS: channels, drivers and their factory. */
export type { SmsChannel } from './sms-channel.js';
export type { SmsProviderDriver, SmsDriverResult } from './sms-driver.interface.js';
export { createSmsChannel } from './create-sms-channel.js';
export { SMS_OPT_OUT_EVENT, SMS_OPT_IN_EVENT, type SmsOptOutEvent } from './sms-opt-out.events.js';
export { smsSegments, type SmsEncoding, type SmsSegmentInfo } from './sms-segments.util.js';
